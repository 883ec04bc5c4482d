// The pages of awe: a placeholder until the front end is written.
const app = document.getElementById('app');
if (app) app.textContent = 'awe';
