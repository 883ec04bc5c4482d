// The rules of Awechec, for players, in French and English.
import type { Lang } from '../i18n';
import type { Diagrams } from './diagrams';
import { h2, h3, p, pre, table, ul } from './text';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AWELE_START = { pits: Array(12).fill(4), captured: [0, 0], turn: 'south' };
const W = 'white';
const B = 'black';
// The powers of the rules' example: White 3, Black 2, White 2, White 2, Black 2, White 5.
const POWERS = [W, W, W, B, B, W, W, W, W, B, B, W, W, W, W, W];

const START = {
  fen: START_FEN,
  check: false,
  step: { kind: 'awele', player: 'white' },
  powers: { owners: [], marked: 0 },
  awele: AWELE_START,
  awele_game: 1,
  handicaps: { white: null, black: null },
  turn: 'white',
};

// The example's chess game begins: the first power is White's, White to move.
const CHESS = {
  fen: START_FEN,
  check: false,
  step: { kind: 'decision', owner: 'white', power: 1, mover: 'white' },
  powers: { owners: POWERS, marked: 0 },
  awele: null,
  awele_game: 1,
  handicaps: { white: null, black: null },
  turn: 'white',
};

const MATE = {
  fen: 'r1bqkb1r/pppppQpp/2n5/6N1/4P3/8/PPPP1PPP/RNB1K2R b KQkq - 0 9',
  check: true,
  step: { kind: 'over', winner: 'white', reason: 'checkmate', reason_fr: 'échec et mat' },
  powers: { owners: POWERS, marked: 16 },
  awele: null,
  awele_game: 1,
  handicaps: { white: null, black: null },
  turn: null,
};

const EXAMPLE_FR = `1. (1=B) e4 (2=B) 0
2. (3=B) Fc4 (4=N) Cc6
3. (5=N) 0 (6=B) 0
4. (7=B) Cf3 (8=B) 0
5. (9=B) Cg5 (10=N) Ch6
6. (11=N) 0 (12=B) 0
7. (13=B) Dh5 (14=B) 0
8. (15=B) Fxf7+ Cxf7
9. (16=B) Dxf7#`;

const EXAMPLE_EN = `1. (1=W)e4 (2=W)0
2. (3=W)Bc4 (4=B)Nc6
3. (5=B)0 (6=W)0
4. (7=W)Nf3 (8=W)0
5. (9=W)Ng5 (10=B)Nh6
6. (11=B)0 (12=W)0
7. (13=W)Qh5 (14=W)0
8. (15=W)Bxf7+ Nxf7
9. (16=W)Qxf7#`;

export function awechecRules(lang: Lang, d: Diagrams): HTMLElement[] {
  return lang === 'fr' ? fr(d) : en(d);
}

function en(d: Diagrams): HTMLElement[] {
  return [
    p('Awechec (in English also “Awarichess”), invented by Olivier Dubuis in 2009, joins the two great strategy games of Africa and of the West: **chess, where every move must be paid for with a power won at Awélé**. The goal is the goal of chess: **checkmate**.'),
    p('You need to know the rules of chess, and those of Awélé (see [the Awélé page](/rules/awele): Awechec plays them under the “Awechec” rule set).'),
    h2('How a game goes'),
    h3('1. An Awélé game'),
    p('The game starts with a game of Awélé. **White at chess is South at Awélé** and always starts it. Each time a player captures seeds, they get **one power of their colour for each seed**, added in order to the list of powers — the 7 × 7 green circles of the board, filled in reading order as White sees them.'),
    p('Seeds collected at the end by famine also become powers of the player who collects them; seeds shared at the end (when positions repeat) give no power to anyone.'),
    d.make('awechec', { position: START, caption: 'The start: the chess position waits while the first Awélé game is played.' }),
    h3('2. Chess, ruled by the powers'),
    p('Then chess starts, White to move. Before each move, for the player whose turn it is:'),
    ul(
      'No legal move and in check: **checkmate**, they lose.',
      'No legal move, not in check: **stalemate**, a draw — even if powers are left.',
      'In check: they must get out of check with a normal move, and **no power is used**.',
      'Otherwise **the next power is used, and its owner decides**: either the player to move plays a normal chess move (of their own choosing), or they must play the **null move** — lift the king and put it back: they pass.',
    ),
    p('So a power of your colour usually means “I move”, and a power of your opponent’s colour on your turn usually means “you pass”. But it is a real choice: in zugzwang, passing — or making your opponent move — is the better decision.'),
    d.make('awechec', { position: CHESS, caption: 'The example below: the Awélé game gave the powers W W W B B W W W W B B W W W W W. Power 1 is White’s, and White is to move.' }),
    h3('3. Another Awélé game'),
    p('When no power is left and the chess game is not over, a **new Awélé game** starts from the usual start, South (White) first. The chess position waits, unchanged, and goes on afterwards with the same player to move. Awélé games and chess sequences alternate until the end. (A reply to check needs no power: when the last power gives check, the reply is played before the next Awélé game.)'),
    h2('The end of the game'),
    ul(
      '**Won** by checkmate, or when the opponent resigns (or runs out of time).',
      '**Drawn** by stalemate, by agreement, after **50 moves** by each player without a capture or a pawn move (null moves count), or when neither side has the pieces to mate any more.',
      'There is **no draw by threefold repetition**: the powers are never the same twice.',
      'If three Awélé games in a row give no power at all (this can only happen with handicaps), the game is drawn.',
    ),
    h2('Handicaps'),
    p('A stronger player can give a handicap: they get fewer powers for the seeds they capture.'),
    table(
      ['Handicap', 'Powers', 'For a player who usually wins about'],
      [
        ['`3/2`', '2 powers for every 3 seeds', '3/5 of the seeds'],
        ['`2/1`', '1 power for every 2 seeds', '2/3 of the seeds'],
        ['`3/1`', '1 power for every 3 seeds', 'even more'],
      ],
    ),
    p('Seeds not yet turned into powers are kept for that player’s next capture in the same Awélé game (with `3/2`, 5 seeds give 2 powers and 2 seeds are kept), and are lost when the Awélé game ends.'),
    h2('Variants', 'rule-sets'),
    ul(
      '**Standard**: the powers of a whole Awélé game are saved up, then used one by one at chess.',
      '**Forced powers**: the owner has no choice — a normal move when the power and the player to move are the same colour, the null move otherwise.',
      '**Synchronous**: powers are not saved up. Each capture at Awélé is played out at once at chess, one half-move per power (replies to check free), then the same Awélé game goes on. For example North plays `f(3)`, then at chess `0 h1:Q 0`; South plays `B(8)`, then `0 a4 0 a5 0 a6 0 a7`.',
    ),
    h2('Notation'),
    p('Powers are numbered from 1 in each list and written before the move they rule, with their colour: `(3=W)Bc4` in English, `(3=B) Fc4` in French (B for *Blancs*, N for *Noirs*). The null move is `0`; a reply to check has no power. French records use the French piece letters R D T F C (king, queen, rook, bishop, knight), English ones K Q R B N. Awélé moves are written as at Awélé: `E`, `E(3)`.'),
    p('The rules’ own example, after the Awélé game that gave the powers above:'),
    pre(EXAMPLE_EN),
    d.make('awechec', { position: MATE, caption: 'The end of the example: 9. (16=W)Qxf7#, checkmate. White wins.' }),
    p('Records can be downloaded in French or in English from each game’s page, and both are read by the Import page.'),
  ];
}

function fr(d: Diagrams): HTMLElement[] {
  return [
    p('L’Awechec, inventé par Olivier Dubuis en 2009, réunit deux grands jeux de stratégie, d’Afrique et d’Occident\u00a0: **des échecs où chaque coup se paie d’un pouvoir gagné à l’awélé**. Le but est celui des échecs\u00a0: **mater l’adversaire**.'),
    p('Il faut connaître les règles des échecs, et celles de l’awélé (voir [la page de l’awélé](/rules/awele)\u00a0: l’Awechec les joue avec le jeu de règles «\u202fAwechec\u202f»).'),
    h2('Le déroulement de la partie'),
    h3('1. Une partie d’awélé'),
    p('On commence par une partie d’awélé. **Les Blancs aux échecs sont Sud à l’awélé** et la commencent toujours. Chaque fois qu’un joueur prend des graines, il reçoit **un pouvoir de sa couleur par graine**, ajouté dans l’ordre à la liste des pouvoirs — les 7\u202f×\u202f7 ronds verts du plateau, remplis dans l’ordre de lecture, vus du côté des Blancs.'),
    p('Les graines récoltées en fin de partie par famine deviennent aussi des pouvoirs de celui qui les récolte\u202f; les graines partagées en fin de partie (quand les positions se répètent) ne donnent de pouvoir à personne.'),
    d.make('awechec', { position: START, caption: 'Le départ\u00a0: la position d’échecs attend pendant la première partie d’awélé.' }),
    h3('2. Les échecs, sous la loi des pouvoirs'),
    p('Puis les échecs commencent, les Blancs au trait. Avant chaque coup, pour le joueur au trait\u00a0:'),
    ul(
      'Aucun coup légal et en échec\u00a0: **mat**, il a perdu.',
      'Aucun coup légal, pas en échec\u00a0: **pat**, partie nulle — même s’il reste des pouvoirs.',
      'En échec\u00a0: il doit parer l’échec par un coup normal, et **aucun pouvoir n’est utilisé**.',
      'Sinon **le pouvoir suivant est utilisé, et son propriétaire décide**\u00a0: ou bien le joueur au trait joue un coup d’échecs normal (de son choix), ou bien il doit jouer le **coup nul** — soulever son roi et le reposer\u00a0: il passe son tour.',
    ),
    p('Un pouvoir de sa couleur veut donc dire d’ordinaire «\u202fje joue\u202f», et un pouvoir adverse à son tour «\u202ftu passes\u202f». Mais c’est un vrai choix\u00a0: en situation de zugzwang, mieux vaut passer — ou obliger l’adversaire à jouer.'),
    d.make('awechec', { position: CHESS, caption: 'L’exemple plus bas\u00a0: la partie d’awélé a donné les pouvoirs B B B N N B B B B N N B B B B B. Le pouvoir 1 est blanc, et les Blancs ont le trait.' }),
    h3('3. Une nouvelle partie d’awélé'),
    p('Quand il ne reste plus de pouvoir et que la partie d’échecs n’est pas finie, une **nouvelle partie d’awélé** commence depuis le départ habituel, Sud (les Blancs) en premier. La position d’échecs attend, inchangée, et reprend ensuite avec le même joueur au trait. Parties d’awélé et séquences d’échecs alternent jusqu’à la fin. (Parer un échec ne demande pas de pouvoir\u00a0: si le dernier pouvoir donne échec, la parade est jouée avant la partie d’awélé suivante.)'),
    h2('La fin de la partie'),
    ul(
      '**Gagnée** par mat, ou quand l’adversaire abandonne (ou dépasse son temps).',
      '**Nulle** par pat, d’un commun accord, après **50 coups** de chaque joueur sans prise ni coup de pion (les coups nuls comptent), ou quand aucun camp n’a plus de quoi mater.',
      'Il n’y a **pas de nulle par triple répétition**\u00a0: les pouvoirs ne sont jamais deux fois les mêmes.',
      'Si trois parties d’awélé de suite ne donnent aucun pouvoir (ce n’est possible qu’avec des handicaps), la partie est nulle.',
    ),
    h2('Les handicaps'),
    p('Un joueur plus fort peut accepter un handicap\u00a0: il reçoit moins de pouvoirs pour les graines qu’il prend.'),
    table(
      ['Handicap', 'Pouvoirs', 'Pour un joueur qui prend d’habitude environ'],
      [
        ['`3/2`', '2 pouvoirs pour 3 graines', 'les 3/5 des graines'],
        ['`2/1`', '1 pouvoir pour 2 graines', 'les 2/3 des graines'],
        ['`3/1`', '1 pouvoir pour 3 graines', 'davantage encore'],
      ],
    ),
    p('Les graines pas encore converties en pouvoirs sont gardées pour la prochaine prise de ce joueur dans la même partie d’awélé (avec `3/2`, 5 graines donnent 2 pouvoirs et 2 graines sont gardées), et sont perdues à la fin de la partie d’awélé.'),
    h2('Les variantes', 'rule-sets'),
    ul(
      '**Standard**\u00a0: les pouvoirs de toute une partie d’awélé sont mis de côté, puis utilisés un à un aux échecs.',
      '**Forcée** (pouvoirs imposés)\u00a0: le propriétaire n’a pas le choix — coup normal quand le pouvoir et le joueur au trait sont de la même couleur, coup nul sinon.',
      '**Synchrone**\u00a0: les pouvoirs ne sont pas mis de côté. Chaque prise à l’awélé est jouée aussitôt aux échecs, un demi-coup par pouvoir (parades d’échec gratuites), puis la même partie d’awélé continue. Par exemple, Nord joue `f(3)`, puis aux échecs `0 h1=D 0`\u202f; Sud joue `B(8)`, puis `0 a4 0 a5 0 a6 0 a7`.',
    ),
    h2('La notation'),
    p('Les pouvoirs sont numérotés à partir de 1 dans chaque liste et écrits devant le coup qu’ils régissent, avec leur couleur\u00a0: `(3=B) Fc4` en français (B pour Blancs, N pour Noirs), `(3=W)Bc4` en anglais. Le coup nul s’écrit `0`\u202f; une parade d’échec n’a pas de pouvoir. Les parties en français utilisent les lettres R D T F C (roi, dame, tour, fou, cavalier), en anglais K Q R B N. Les coups d’awélé s’écrivent comme à l’awélé\u00a0: `E`, `E(3)`.'),
    p('L’exemple des règles, après la partie d’awélé qui a donné les pouvoirs ci-dessus\u00a0:'),
    pre(EXAMPLE_FR),
    d.make('awechec', { position: MATE, caption: 'La fin de l’exemple\u00a0: 9. (16=B) Dxf7#, échec et mat. Les Blancs gagnent.' }),
    p('Chaque partie peut être téléchargée en français ou en anglais depuis sa page, et la page Importer lit les deux.'),
  ];
}
