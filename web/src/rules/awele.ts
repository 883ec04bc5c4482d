// The rules of Awélé, for players, in French and English.
import type { Lang } from '../i18n';
import type { Diagrams } from './diagrams';
import { h2, h3, p, table, ul } from './text';

const START = { pits: Array(12).fill(4), captured: [0, 0], turn: 'south' };
const AFTER_E = { pits: [4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4], captured: [0, 0], turn: 'north' };
const CAPTURE_BEFORE = { pits: [2, 3, 1, 4, 3, 1, 1, 2, 4, 0, 5, 6], captured: [8, 8], turn: 'south' };
const CAPTURE_AFTER = { pits: [2, 3, 1, 4, 0, 2, 0, 0, 4, 0, 5, 6], captured: [13, 8], turn: 'north' };
const FEED = { pits: [3, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0], captured: [20, 21], turn: 'south' };

export function aweleRules(lang: Lang, d: Diagrams): HTMLElement[] {
  return lang === 'fr' ? fr(d) : en(d);
}

function en(d: Diagrams): HTMLElement[] {
  return [
    p('Awélé (also called oware, or awalé) is the great sowing game of West Africa, of the mancala family. Two players share 48 seeds in 12 pits; they take turns sowing them around the board, and capture when their last seed makes a pit of the other side hold 2 or 3. **Whoever captures more seeds wins.**'),
    h2('The board'),
    p('Each player has the row of six pits in front of them. **South** sits at the bottom and plays first; their pits are `A B C D E F` from their left to their right. **North** faces them; their pits are `a b c d e f` from *their* left to right, so North’s `a` stands opposite South’s `F`. Each pit starts with 4 seeds. The seeds a player captures go to their store, at their right.'),
    d.make('awele', { position: START, caption: 'The start: 4 seeds in each pit, South (at the bottom) to play.' }),
    h2('Sowing'),
    p('On your turn, take **all the seeds of one of your pits** (it must not be empty) and sow them one by one into the following pits, **counter-clockwise**: to the right along your own row, then to the left along your opponent’s row, and so on around the board.'),
    p('With 12 seeds or more the sowing goes all the way round: **the pit you started from is skipped**, it stays empty.'),
    d.make('awele', {
      position: START,
      caption: 'South plays E: its four seeds go to F, a, b and c.',
      move: { last: { text: 'E', pit: 4, takes: 0 }, after: AFTER_E, label: 'Play E', again: 'Back' },
    }),
    h2('Capturing'),
    p('If your **last seed** falls into one of your **opponent’s** pits and that pit **now holds 2 or 3 seeds**, you capture them. Then look at the pit before it (going back, clockwise): if it is also your opponent’s and also holds 2 or 3, you capture it too, and so on — stopping at the first pit that does not hold 2 or 3, or at the end of your opponent’s row. You never capture in your own row.'),
    p('A move that captures is written with the number of seeds taken: `E(5)`.'),
    d.make('awele', {
      position: CAPTURE_BEFORE,
      caption: 'South plays E: the last seed makes b hold 3, and a before it holds 2. South takes both: E(5).',
      move: { last: { text: 'E(5)', pit: 4, takes: 5 }, after: CAPTURE_AFTER, label: 'Play E(5)', again: 'Back' },
    }),
    h2('Feeding your opponent'),
    p('If your opponent has **no seed at all** in their row, you must play a move that gives them at least one, if there is such a move. If there is none, the game ends: this is **famine**.'),
    d.make('awele', { position: FEED, caption: 'North has no seed: South must feed them. Only E and F reach North’s row; A and C are not allowed.' }),
    p('Capturing **every** seed of your opponent’s row at once is a **grand slam**; what happens then depends on the rule set (below).'),
    h2('The end of the game'),
    ul(
      '**Famine**: the player to move has no seed to play, or cannot feed an opponent who has none. Each player then takes the seeds left in their own row — so the player who could not feed collects them all.',
      '**Repetition**: when a position (the seeds and the player to move) comes back, no capture can happen any more; the game stops and the seeds left are shared.',
      '**Agreement**: the players may agree to stop at any time.',
      '**Above 24** (Abapa only): a player who has captured more than half the seeds has won; the game stops at once.',
    ),
    p('**The winner is the player with more seeds** (captured, plus those the end of the game gives them). Equal seeds make a draw. Shared seeds are split evenly; an odd seed counts for nobody.'),
    h2('The rule sets', 'rule-sets'),
    p('Players of Awélé do not all settle the rare cases the same way. The site offers three rule sets; you choose one when you start a game.'),
    table(
      ['', '**Awechec** (default)', '**Abapa**', '**Awari**'],
      [
        ['Where it comes from', 'The appendix of the Awechec rules', 'Competitions (Abapa), Aalina, OpenSpiel', 'Romein and Bal, who solved the game in 2002'],
        ['Grand slam', 'Not allowed; if every move is one, it is played but captures nothing', 'Allowed, but captures nothing', 'Not allowed, nor any move that leaves the opponent without seeds; if every move does, any is played and captures'],
        ['You cannot feed an opponent without seeds', 'The game ends (famine)', 'The game ends', 'You play any move; then the opponent cannot move'],
        ['Early end', 'None: the game is played out', 'As soon as a player has more than 24', 'None'],
        ['Seeds left at a repetition or an agreed end', 'Shared', 'Each player takes those in their own row', 'Shared'],
      ],
    ),
    h2('Notation'),
    p('A move is the letter of the pit played: `A` to `F` for South, `a` to `f` for North; a capture adds the seeds taken, `E(3)`. When you type a move on the game page you may leave out the count; if you give it, it must be right.'),
    p('A position is written as the pits in sowing order — South’s row, then North’s after a `/` — then the player to move (`S` or `N`) and the seeds captured by South and by North. The start is `4,4,4,4,4,4/4,4,4,4,4,4 S 0 0`.'),
    h3('A record'),
    p('Games are saved as records with tags (`[Rules "abapa"]`, `[South "Ama"]`…) and the moves in numbered pairs: `1. E b 2. A(2) c …`. The Import page reads them back, checking every move.'),
  ];
}

function fr(d: Diagrams): HTMLElement[] {
  return [
    p('L’awélé (ou oware, awalé) est le grand jeu de semailles d’Afrique de l’Ouest, de la famille des mancalas. Deux joueurs se partagent 48 graines dans 12 cases\u202f; chacun à son tour sème des graines autour du plateau, et prend quand sa dernière graine porte une case adverse à 2 ou 3 graines. **Celui qui prend le plus de graines gagne.**'),
    h2('Le plateau'),
    p('Chaque joueur a devant lui la rangée de six cases de son camp. **Sud** est en bas et commence\u202f; ses cases sont `A B C D E F` de sa gauche à sa droite. **Nord** lui fait face\u202f; ses cases sont `a b c d e f` de *sa* gauche à sa droite\u00a0: le `a` de Nord est donc en face du `F` de Sud. Chaque case contient 4 graines au départ. Les graines prises vont dans le grenier du joueur, à sa droite.'),
    d.make('awele', { position: START, caption: 'Le départ\u00a0: 4 graines par case, Sud (en bas) a le trait.' }),
    h2('Le semis'),
    p('À son tour, on prend **toutes les graines d’une case de son camp** (non vide) et on les sème une à une dans les cases suivantes, **dans le sens inverse des aiguilles d’une montre**\u00a0: vers la droite dans son camp, puis vers la gauche dans le camp adverse, et ainsi de suite autour du plateau.'),
    p('Avec 12 graines ou plus, le semis fait le tour complet\u00a0: **on saute la case de départ**, qui reste vide.'),
    d.make('awele', {
      position: START,
      caption: 'Sud joue E\u00a0: ses quatre graines vont en F, a, b et c.',
      move: { last: { text: 'E', pit: 4, takes: 0 }, after: AFTER_E, label: 'Jouer E', again: 'Revenir' },
    }),
    h2('La prise'),
    p('Si la **dernière graine** tombe dans une case du **camp adverse** et que cette case **contient alors 2 ou 3 graines**, on les prend. On regarde ensuite la case précédente (en reculant, dans le sens des aiguilles d’une montre)\u00a0: si elle est elle aussi dans le camp adverse et contient 2 ou 3 graines, on la prend également, et ainsi de suite — on s’arrête à la première case qui ne contient pas 2 ou 3 graines, ou au bout du camp adverse. On ne prend jamais dans son propre camp.'),
    p('Un coup qui prend s’écrit avec le nombre de graines prises\u00a0: `E(5)`.'),
    d.make('awele', {
      position: CAPTURE_BEFORE,
      caption: 'Sud joue E\u00a0: la dernière graine porte b à 3, et a, juste avant, contient 2. Sud prend les deux\u00a0: E(5).',
      move: { last: { text: 'E(5)', pit: 4, takes: 5 }, after: CAPTURE_AFTER, label: 'Jouer E(5)', again: 'Revenir' },
    }),
    h2('Donner à manger'),
    p('Si l’adversaire n’a **plus aucune graine** dans son camp, on doit jouer un coup qui lui en donne au moins une, s’il en existe un. S’il n’en existe pas, la partie s’arrête\u00a0: c’est la **famine**.'),
    d.make('awele', { position: FEED, caption: 'Nord n’a plus de graine\u00a0: Sud doit le nourrir. Seuls E et F atteignent le camp de Nord\u202f; A et C sont interdits.' }),
    p('Prendre **toutes** les graines du camp adverse d’un seul coup s’appelle un **grand chelem**\u202f; ce qui se passe alors dépend des règles choisies (plus bas).'),
    h2('La fin de la partie'),
    ul(
      '**Famine**\u00a0: le joueur au trait n’a plus de graine à jouer, ou ne peut pas nourrir un adversaire qui n’en a plus. Chacun prend alors les graines restées dans son camp — celui qui ne peut pas nourrir les récupère donc toutes.',
      '**Répétition**\u00a0: quand une position (les graines et le joueur au trait) revient, aucune prise n’est plus possible\u202f; la partie s’arrête et les graines restantes sont partagées.',
      '**Accord**\u00a0: les joueurs peuvent convenir d’arrêter à tout moment.',
      '**Au-delà de 24** (Abapa seulement)\u00a0: un joueur qui a pris plus de la moitié des graines a gagné\u202f; la partie s’arrête aussitôt.',
    ),
    p('**Le gagnant est celui qui a le plus de graines** (prises, plus celles que la fin de partie lui donne). À égalité, la partie est nulle. Les graines partagées le sont à parts égales\u202f; s’il en reste une, elle ne compte pour personne.'),
    h2('Les jeux de règles', 'rule-sets'),
    p('Les joueurs d’awélé ne règlent pas tous les cas rares de la même façon. Le site propose trois jeux de règles, à choisir en créant la partie.'),
    table(
      ['', '**Awechec** (par défaut)', '**Abapa**', '**Awari**'],
      [
        ['Origine', 'L’annexe des règles de l’Awechec', 'Compétitions (Abapa), Aalina, OpenSpiel', 'Romein et Bal, qui ont résolu le jeu en 2002'],
        ['Grand chelem', 'Interdit\u202f; si tous les coups possibles sont des grands chelems, on en joue un, sans rien prendre', 'Permis, mais sans prise', 'Interdit, comme tout coup qui laisse l’adversaire sans graine\u202f; si tous les coups le font, on en joue un, et il prend'],
        ['Impossible de nourrir l’adversaire', 'La partie s’arrête (famine)', 'La partie s’arrête', 'On joue n’importe quel coup\u202f; l’adversaire ne peut alors plus jouer'],
        ['Fin anticipée', 'Aucune\u00a0: on joue jusqu’au bout', 'Dès qu’un joueur a plus de 24 graines', 'Aucune'],
        ['Graines restantes à une répétition ou un arrêt convenu', 'Partagées', 'Chacun garde celles de son camp', 'Partagées'],
      ],
    ),
    h2('La notation'),
    p('Un coup est la lettre de la case jouée\u00a0: `A` à `F` pour Sud, `a` à `f` pour Nord\u202f; une prise ajoute le nombre de graines prises, `E(3)`. En saisissant un coup sur la page de la partie, on peut omettre ce nombre\u202f; s’il est donné, il doit être juste.'),
    p('Une position s’écrit avec les cases dans l’ordre du semis — le camp de Sud, puis celui de Nord après un `/` — puis le joueur au trait (`S` ou `N`) et les graines prises par Sud et par Nord. Le départ s’écrit `4,4,4,4,4,4/4,4,4,4,4,4 S 0 0`.'),
    h3('Une partie notée'),
    p('Les parties s’enregistrent avec des étiquettes (`[Rules "abapa"]`, `[South "Ama"]`…) et les coups par paires numérotées\u00a0: `1. E b 2. A(2) c …`. La page Importer les relit en vérifiant chaque coup.'),
  ];
}
