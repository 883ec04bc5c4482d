// The texts of the rules pages and what each rule set means, in English and French (`i18n.ts` puts
// the parts together).

export const en = {
  // Rules.
  rulesTitle: 'Rules',
  rulesIntro: 'Three games are played here. Each page gives the rules as players tell them, and each rule set the site offers.',
  readRules: 'Read the rules',
  playThis: 'Play this game',

  // What to expect from each rule set of Awithlaknannai (the new-game form, the rules page).
  expect: {
    wikipedia:
      'Under these rules a capture may bend round the piece it takes, and a piece keeps jumping while it can: one chain often takes most of a side, and many games last only a few moves. Mosona under these rules is solved: the second player (Black) wins with best play. A position that comes back ends the game, the side with more pieces winning.',
    globejoueur:
      'Captures go in straight lines, and the longest chain must be taken. Games are longer than under the Wikipedia rules. A position that comes back ends the game, the side with more pieces winning.',
    bell: 'Captures go in straight lines; a piece keeps jumping while it can, any chain may be taken. A position that comes back ends the game, the side with more pieces winning.',
    ludii: 'Captures go in straight lines, one jump a turn, and a step is always allowed: games are long, and after 1,250 turns each it is a draw.',
  } as Record<string, string>,
  expectTitle: 'What to expect',
};

export const fr: typeof en = {
  rulesTitle: 'Règles',
  rulesIntro: 'Trois jeux se jouent ici. Chaque page donne les règles d’un jeu telles que les joueurs les racontent, puis les jeux de règles que le site propose.',
  readRules: 'Lire les règles',
  playThis: 'Jouer à ce jeu',

  expect: {
    wikipedia:
      'Avec ces règles, une prise peut contourner le pion pris, et un pion saute tant qu’il le peut\u00a0: une seule rafle prend souvent la plus grande partie d’un camp, et beaucoup de parties ne durent que quelques coups. Le Mosona est résolu avec ces règles\u00a0: le second joueur (Noirs) gagne s’il joue au mieux. Une position qui revient arrête la partie, et le camp qui a le plus de pions gagne.',
    globejoueur:
      'Les prises se font en ligne droite, et la plus longue rafle est obligatoire. Les parties sont plus longues qu’avec les règles de Wikipédia. Une position qui revient arrête la partie, et le camp qui a le plus de pions gagne.',
    bell: 'Les prises se font en ligne droite\u202f; un pion saute tant qu’il le peut, et n’importe quelle rafle peut être choisie. Une position qui revient arrête la partie, et le camp qui a le plus de pions gagne.',
    ludii: 'Les prises se font en ligne droite, un saut par tour, et un pas est toujours permis\u00a0: les parties sont longues, et après 1\u202f250 tours chacun la partie est nulle.',
  },
  expectTitle: 'À quoi s’attendre',
};
