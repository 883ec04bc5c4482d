// The texts of the import and analysis pages, in English and French (`i18n.ts` puts the parts
// together).

export const en = {
  // Import.
  importTitle: 'Import a game',
  importHelp: 'Paste a record (as awe writes them, or by hand): its moves are checked one by one.',
  importLabel: 'Record',
  importButton: 'Import',
  importing: 'Importing…',
  importEmpty: 'Paste a record first.',
  importExample: 'Example:',

  // Analysis page.
  analysisTitle: 'Analyse a position',
  analysisHelp: 'Choose the game and its settings, type a position text, and the computer searches it.',
  positionLabel: 'Position text',
  positionExamples: 'Start position',
  analyseButton: 'Analyse',
  gameOverHere: 'The game is over in this position.',
  explorerTitle: 'Games played from here',
  explorerNone: 'No game of the site has reached this position yet.',
  explorerMove: 'Move',
  explorerGames: 'Games',
  explorerResults: 'South wins · draws · North wins',
  explorerResultsWhite: 'White wins · draws · Black wins',
  explorerBook: (move: string, score: string) => `The computer’s opening book plays ${move} (${score}).`,
  explorerCount: (n: number) => (n === 1 ? 'One game' : `${n} games`),

};

export const fr: typeof en = {
  importTitle: 'Importer une partie',
  importHelp: 'Collez une partie (telle qu’awe l’écrit, ou écrite à la main)\u00a0: chaque coup est vérifié.',
  importLabel: 'Partie',
  importButton: 'Importer',
  importing: 'Import en cours…',
  importEmpty: 'Collez d’abord une partie.',
  importExample: 'Exemple\u00a0:',

  analysisTitle: 'Analyser une position',
  analysisHelp: 'Choisissez le jeu et ses réglages, saisissez une position, et l’ordinateur l’analyse.',
  positionLabel: 'Texte de la position',
  positionExamples: 'Position de départ',
  analyseButton: 'Analyser',
  gameOverHere: 'La partie est finie dans cette position.',
  explorerTitle: 'Parties jouées depuis ici',
  explorerNone: 'Aucune partie du site n’a encore atteint cette position.',
  explorerMove: 'Coup',
  explorerGames: 'Parties',
  explorerResults: 'Sud gagne · nulles · Nord gagne',
  explorerResultsWhite: 'Blancs gagnent · nulles · Noirs gagnent',
  explorerBook: (move: string, score: string) => `Le livre d’ouvertures de l’ordinateur joue ${move} (${score}).`,
  explorerCount: (n: number) => (n === 1 ? 'Une partie' : `${n}\u00a0parties`),

};
