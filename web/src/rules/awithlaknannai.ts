// The rules of Awithlaknannai, for players, in French and English.
import { dictOf, type Lang } from '../i18n';
import { serpentsBoard, serpentsStart, type Diagrams } from './diagrams';
import { h2, h3, p, table, ul } from './text';

const MOSONA = serpentsBoard('mosona', 8);
const KOLOWIS = serpentsBoard('kolowis', 16);
const STRAIGHT = { white: ['b4', 'b7', 'm2'], black: ['m5', 't6', 't1', 'm9'], turn: 'white', plies_left: 50 };
const STRAIGHT_AFTER = { white: ['t7', 'b7', 'm2'], black: ['t1', 'm9'], turn: 'black', plies_left: 50 };
const STRAIGHT_MOVE = { text: 'b4xt5xt7', path: ['b4', 't5', 't7'], captured: ['m5', 't6'] };

export function awithlaknannaiRules(lang: Lang, d: Diagrams): HTMLElement[] {
  const rules = lang === 'fr' ? fr(d) : en(d);
  // What to expect from each rule set, after their table (the same words as the new-game form).
  const at = rules.findIndex((e) => e.tagName === 'H3');
  const t = dictOf(lang);
  const expect = [
    h3(t.expectTitle),
    ul(...(['wikipedia', 'globejoueur', 'bell', 'ludii'] as const).map((r) => `**${t.ruleSets[r]?.replace(/ \(.*\)$/, '') ?? r}**${lang === 'fr' ? '\u00a0: ' : ': '}${t.expect[r]}`)),
  ];
  rules.splice(at < 0 ? rules.length : at, 0, ...expect);
  return rules;
}

function en(d: Diagrams): HTMLElement[] {
  return [
    p('Awithlaknannai — “fighting serpents” — is a game of the Zuni, a Pueblo people of New Mexico, described by Stewart Culin in 1907. It belongs to the alquerque family: pieces step along the lines of the board and capture by **jumping** over the other side’s pieces, as at draughts. **Capture all your opponent’s pieces, or leave them without a move, and you win.**'),
    h2('The board'),
    p('The board is made of three rows of points joined by two rows of triangles — two serpents facing each other. **Mosona** has 8 points in each outer row and 9 in the middle (25 points); **Kolowis**, the long serpent, has 16 and 17 (49 points).'),
    p('The points are named as the notation writes them: `b1…b8` along the bottom row, `m1…m9` along the middle, `t1…t8` along the top, counted from White’s left. **White** sits at the bottom and holds the bottom row and the middle points on its right; **Black** holds the top row and the middle points on its left. Only the centre is empty. White moves first.'),
    d.make('awithlaknannai', { board: MOSONA, position: serpentsStart(8), caption: 'Mosona at the start: 12 pieces each, the centre m5 empty.' }),
    h2('Moving'),
    p('On your turn, move one of your pieces **one step along a line** to an empty neighbouring point, in any direction. You may not pass.'),
    h2('Capturing'),
    p('A piece captures by **jumping over an enemy piece next to it** onto an empty point just beyond; the piece jumped over is removed at once. If the capturing piece can jump again from where it lands, it **must go on**, with the same piece: a chain of captures is one move. **Capturing is compulsory**: if you can capture, you must.'),
    d.make('awithlaknannai', {
      board: MOSONA,
      position: STRAIGHT,
      caption: 'White’s b4 jumps over m5 to t5, then over t6 to t7: two pieces taken in one move, written b4xt5xt7.',
      move: { last: STRAIGHT_MOVE, after: STRAIGHT_AFTER, label: 'Play b4xt5xt7', again: 'Back' },
    }),
    p('Where the piece may land depends on the rule set. Under the **Wikipedia** rules (the default, after Culin), the landing point must be next to the piece jumped over but need not be in line: a jump may **bend**. So at the very start White can already capture: `b3` jumps over `m4` to the empty centre `m5`. Under the other rule sets, jumps go in a straight line only.'),
    h2('The end of the game'),
    ul(
      'A player who has **no piece left**, or **no legal move** on their turn, loses.',
      'When no capture seems possible any more, the game stops by itself: when a position (the pieces and the player to move) comes back, or after **50 moves in a row without a capture** (25 each). Then **the player with more pieces wins**; equal pieces make a draw.',
      'The players may also agree to stop at any time; the count of pieces decides the same way.',
    ),
    h2('The rule sets', 'rule-sets'),
    p('Culin did not write down every rule, and those who retold the game filled the gaps differently. The site offers four readings; you choose one when you start a game.'),
    table(
      ['', '**Wikipedia** (default)', '**Globejoueur**', '**Bell**', '**Ludii**'],
      [
        ['Where it comes from', 'The French Wikipedia, after Culin', 'Le Globe-Joueur’s rule sheet for Kolowis', 'R. C. Bell, the English Wikipedia', 'The Ludii game system'],
        ['A jump', 'To any empty point next to the piece taken (may bend)', 'In a straight line', 'In a straight line', 'In a straight line'],
        ['Capturing compulsory', 'Yes', 'Yes', 'Yes', 'No: a step is always allowed'],
        ['Several captures', 'Yes: keep jumping while you can', 'Yes, with the same piece', 'Yes: keep jumping', 'No: one jump a turn'],
        ['Take the most', 'No: free choice', '**Yes**: the chain taking the most pieces; free choice among equal ones', 'No', '—'],
        ['When captures run out', 'The game ends; more pieces wins', 'The same (the sheet: the players agree to stop, more pieces taken wins)', 'The same', 'Play on; 1250 turns each is a draw'],
      ],
    ),
    h3('The boards'),
    ul(
      '**Mosona**: 25 points, 12 pieces each.',
      '**Kolowis**: 49 points, 24 pieces each, the centre `m9` empty.',
      '**Kolowis as in Ludii**: 48 points (no `m17`), 23 pieces each, `m1` and `m9` empty, no jump across the left end.',
    ),
    d.make('awithlaknannai', { board: KOLOWIS, position: serpentsStart(16), caption: 'Kolowis, the long serpent: 24 pieces each.' }),
    h2('Notation'),
    p('A step is written `from-to`: `b4-m5`. A capture names every point the piece lands on: `m6xm4xb3`. If two chains land on the same points but take different pieces (bent jumps), the pieces taken follow in brackets: `m2xm3(t2)`.'),
    p('A position is written as the three rows as the board shows them, top row first — `w` White, `b` Black, `.` empty — then the player to move (`w` or `b`) and the moves since the last capture. Mosona’s start is `bbbbbbbb/bbbb.wwww/wwwwwwww w 0`.'),
  ];
}

function fr(d: Diagrams): HTMLElement[] {
  return [
    p('L’awithlaknannai — «\u202fles serpents qui se battent\u202f» — est un jeu des Zuñis, un peuple pueblo du Nouveau-Mexique, décrit par Stewart Culin en 1907. Il appartient à la famille de l’alquerque\u00a0: les pions avancent le long des lignes du plateau et prennent en **sautant** par-dessus les pions adverses, comme aux dames. **Prenez tous les pions de l’adversaire, ou laissez-le sans coup possible, et vous gagnez.**'),
    h2('Le plateau'),
    p('Le plateau est fait de trois rangées de points reliées par deux rangées de triangles — deux serpents face à face. **Mosona** a 8 points sur chaque rangée extérieure et 9 au milieu (25 points)\u202f; **Kolowis**, le long serpent, en a 16 et 17 (49 points).'),
    p('Les points portent les noms de la notation\u00a0: `b1…b8` sur la rangée du bas, `m1…m9` au milieu, `t1…t8` en haut, comptés depuis la gauche des Blancs. Les **Blancs** sont en bas et occupent la rangée du bas et les points du milieu à leur droite\u202f; les **Noirs** occupent la rangée du haut et les points du milieu à leur gauche. Seul le centre est vide. Les Blancs commencent.'),
    d.make('awithlaknannai', { board: MOSONA, position: serpentsStart(8), caption: 'Mosona au départ\u00a0: 12 pions chacun, le centre m5 vide.' }),
    h2('Les déplacements'),
    p('À son tour, on déplace un de ses pions **d’un pas le long d’une ligne** vers un point voisin libre, dans n’importe quelle direction. On ne peut pas passer son tour.'),
    h2('Les prises'),
    p('Un pion prend en **sautant par-dessus un pion adverse voisin** pour se poser sur un point libre juste derrière\u202f; le pion sauté est retiré aussitôt. Si le pion preneur peut sauter encore depuis son point d’arrivée, il **doit continuer**\u00a0: une suite de prises ne forme qu’un seul coup. **La prise est obligatoire**\u00a0: qui peut prendre doit prendre.'),
    d.make('awithlaknannai', {
      board: MOSONA,
      position: STRAIGHT,
      caption: 'Le pion blanc b4 saute m5 et arrive en t5, puis saute t6 et arrive en t7\u00a0: deux pions pris en un coup, noté b4xt5xt7.',
      move: { last: STRAIGHT_MOVE, after: STRAIGHT_AFTER, label: 'Jouer b4xt5xt7', again: 'Revenir' },
    }),
    p('Le point d’arrivée dépend des règles choisies. Avec les règles de **Wikipédia** (par défaut, d’après Culin), il doit être voisin du pion sauté mais pas forcément dans l’alignement\u00a0: le saut peut être **coudé**. Ainsi, dès le départ, les Blancs peuvent prendre\u00a0: `b3` saute `m4` et arrive au centre vide `m5`. Avec les autres règles, on saute seulement en ligne droite.'),
    h2('La fin de la partie'),
    ul(
      'Un joueur qui n’a **plus de pion**, ou **aucun coup possible** à son tour, a perdu.',
      'Quand plus aucune prise ne semble possible, la partie s’arrête d’elle-même\u00a0: quand une position (les pions et le joueur au trait) revient, ou après **50 coups de suite sans prise** (25 chacun). **Celui qui a le plus de pions gagne**\u202f; à égalité, la partie est nulle.',
      'Les joueurs peuvent aussi convenir d’arrêter à tout moment\u202f; le compte des pions décide de la même façon.',
    ),
    h2('Les jeux de règles', 'rule-sets'),
    p('Culin n’a pas noté toutes les règles, et ceux qui ont raconté le jeu après lui ont comblé les manques chacun à sa façon. Le site propose quatre lectures, à choisir en créant la partie.'),
    table(
      ['', '**Wikipédia** (par défaut)', '**Globejoueur**', '**Bell**', '**Ludii**'],
      [
        ['Origine', 'Wikipédia en français, d’après Culin', 'La fiche de règles du Globe-Joueur pour le Kolowis', 'R.\u00a0C.\u00a0Bell, Wikipédia en anglais', 'Le système de jeux Ludii'],
        ['Le saut', 'Vers tout point libre voisin du pion pris (saut coudé possible)', 'En ligne droite', 'En ligne droite', 'En ligne droite'],
        ['Prise obligatoire', 'Oui', 'Oui', 'Oui', 'Non\u00a0: un pas est toujours permis'],
        ['Prises multiples', 'Oui\u00a0: on saute tant qu’on peut', 'Oui, avec le même pion', 'Oui\u00a0: on saute tant qu’on peut', 'Non\u00a0: un saut par tour'],
        ['Prise majoritaire', 'Non\u00a0: libre choix', '**Oui**\u00a0: la suite qui prend le plus\u202f; libre choix entre suites égales', 'Non', '—'],
        ['Quand les prises s’épuisent', 'La partie s’arrête\u202f; celui qui a le plus de pions gagne', 'De même (la fiche\u00a0: les joueurs conviennent d’arrêter, celui qui a pris le plus de pions gagne)', 'De même', 'On continue\u202f; nulle après 1250 tours chacun'],
      ],
    ),
    h3('Les plateaux'),
    ul(
      '**Mosona**\u00a0: 25 points, 12 pions chacun.',
      '**Kolowis**\u00a0: 49 points, 24 pions chacun, le centre `m9` vide.',
      '**Kolowis selon Ludii**\u00a0: 48 points (pas de `m17`), 23 pions chacun, `m1` et `m9` vides, pas de saut par-dessus l’extrémité gauche.',
    ),
    d.make('awithlaknannai', { board: KOLOWIS, position: serpentsStart(16), caption: 'Kolowis, le long serpent\u00a0: 24 pions chacun.' }),
    h2('La notation'),
    p('Un pas s’écrit `départ-arrivée`\u00a0: `b4-m5`. Une prise nomme chaque point où le pion se pose\u00a0: `m6xm4xb3`. Si deux suites se posent sur les mêmes points mais prennent des pions différents (sauts coudés), les pions pris suivent entre parenthèses\u00a0: `m2xm3(t2)`.'),
    p('Une position s’écrit avec les trois rangées comme le plateau les montre, celle du haut d’abord — `w` Blancs, `b` Noirs, `.` vide — puis le joueur au trait (`w` ou `b`) et le nombre de coups depuis la dernière prise. Le départ de Mosona s’écrit `bbbbbbbb/bbbb.wwww/wwwwwwww w 0`.'),
  ];
}
