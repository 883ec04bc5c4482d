// The texts of the puzzles page and its themes, in English and French (`i18n.ts` puts the parts
// together).

export const en = {
  puzzleCategory: (game: string) => `Puzzles · ${game}`,
  puzzlePromptPlies: (side: string, plies: number) =>
    plies === 1
      ? `${side} to play and win at once: find the only action that does.`
      : `${side} to play and win within ${plies} actions, yours and the other side’s counted (decisions too): find the only one that does.`,
  puzzlesTitle: 'Puzzles',
  puzzlePrompt: (side: string, plies: number) => {
    const n = Math.ceil(plies / 2);
    return `${side} to play and win in ${n} ${n === 1 ? 'move' : 'moves'}: find the only move that does.`;
  },
  puzzleHelp: 'Each of your moves must be the only one that keeps the win that near; the other side defends as long as it can.',
  puzzleFailed: 'Not this one.',
  puzzleSolution: (line: string) => `The solution: ${line}`,
  puzzleSolved: 'Solved!',
  puzzleLine: 'The whole line, to the end',
  puzzleThen: 'then',
  puzzleReplay: 'Play the line again',
  puzzleEnd: (head: string, how: string) => `${head}: ${how}.`,
  puzzleNoMove: (side: string) => `${side} has no move left`,
  puzzleGoOn: (reply: string) => `Right. The reply: ${reply}. Go on.`,
  puzzleRatingNow: (rating: string, diff: string) => `Your puzzle rating: ${rating} (${diff})`,
  puzzleSignIn: 'Sign in to have your puzzles rated.',
  puzzleTriedBefore: 'You had tried this puzzle before: your rating stays as it was.',
  puzzleNotOffered: 'Practice: only the puzzles that “Next puzzle” offers you are rated, so your rating stays as it was.',
  puzzleShownBefore: 'Practice: this puzzle’s solution was shown from your connection before, so your rating stays as it was.',
  puzzleRating: (n: number) => `puzzle rated ${n}`,
  selfPlay: 'from the engine’s games against itself',
  puzzleSourceGame: 'The game it comes from',
  puzzleNext: 'Next puzzle',
  noPuzzle: 'No puzzle for this game yet.',
  themes: {
    'grand-slam': 'a grand slam refused',
    starvation: 'starvation',
    'capture-2-3': 'a capture of 2–3 pits',
    kroo: 'a kroo',
    'capture-chain': 'a capture chain',
    'forced-chain': 'a forced chain',
    'power-mate': 'a power spent on mate',
    'null-move': 'a null move',
    decision: 'a decision',
    'no-move-left': 'no move left',
    'last-piece': 'the last piece taken',
  } as Record<string, string>,
};

export const fr: typeof en = {
  puzzleCategory: (game: string) => `Problèmes · ${game}`,
  puzzlePromptPlies: (side: string, plies: number) =>
    plies === 1
      ? `${side} agit et gagne aussitôt\u00a0: trouvez la seule action qui y parvient.`
      : `${side} agit et gagne en ${plies}\u00a0actions au plus, les siennes et celles de l’adversaire (décisions comprises)\u00a0: trouvez la seule qui y parvient.`,
  puzzlesTitle: 'Problèmes',
  puzzlePrompt: (side: string, plies: number) => {
    const n = Math.ceil(plies / 2);
    return `${side} joue et gagne en ${n}\u00a0coup${n === 1 ? '' : 's'}\u00a0: trouvez le seul coup qui y parvient.`;
  },
  puzzleHelp: 'Chacun de vos coups doit être le seul à garder une victoire aussi proche\u00a0; l’autre camp se défend aussi longtemps qu’il le peut.',
  puzzleFailed: 'Ce n’est pas ce coup.',
  puzzleSolution: (line: string) => `La solution\u00a0: ${line}`,
  puzzleSolved: 'Résolu\u00a0!',
  puzzleLine: 'Toute la ligne, jusqu’à la fin',
  puzzleThen: 'puis',
  puzzleReplay: 'Rejouer la ligne',
  puzzleEnd: (head: string, how: string) => `${head}\u00a0: ${how}.`,
  puzzleNoMove: (side: string) => `${side} n’a plus aucun coup`,
  puzzleGoOn: (reply: string) => `Bien vu. La réponse\u00a0: ${reply}. Continuez.`,
  puzzleRatingNow: (rating: string, diff: string) => `Votre classement aux problèmes\u00a0: ${rating} (${diff})`,
  puzzleSignIn: 'Connectez-vous pour que vos problèmes soient classés.',
  puzzleTriedBefore: 'Vous aviez déjà essayé ce problème\u00a0: votre classement ne change pas.',
  puzzleNotOffered: 'Entraînement\u00a0: seuls les problèmes que propose «\u00a0Problème suivant\u00a0» sont classés, votre classement ne change donc pas.',
  puzzleShownBefore: 'Entraînement\u00a0: la solution de ce problème a déjà été montrée depuis votre connexion, votre classement ne change donc pas.',
  puzzleRating: (n: number) => `problème classé ${n}`,
  selfPlay: 'tiré des parties de l’ordinateur contre lui-même',
  puzzleSourceGame: 'La partie d’où il vient',
  puzzleNext: 'Problème suivant',
  noPuzzle: 'Pas encore de problème pour ce jeu.',
  themes: {
    'grand-slam': 'un grand chelem refusé',
    starvation: 'la famine',
    'capture-2-3': 'une prise de 2 ou 3 cases',
    kroo: 'un kroo',
    'capture-chain': 'une chaîne de prises',
    'forced-chain': 'une chaîne forcée',
    'power-mate': 'un pouvoir dépensé pour mater',
    'null-move': 'un coup nul',
    decision: 'une décision',
    'no-move-left': 'plus aucun coup',
    'last-piece': 'la dernière pièce prise',
  } as Record<string, string>,
};
