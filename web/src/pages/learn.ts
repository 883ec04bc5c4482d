// The lessons: /learn lists the stages of the three games with the learner's stars; /learn/GAME
// those of one; /learn/GAME/STAGE is a stage: a position and a goal on the game's real board,
// each move judged by the server with the game's rules (a wrong one refused, and why), the other
// side's replies played on the board, and the rule shown as an animation, step by step.
import { api, type BoardState, type Lesson, type Lessons } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { fill, h } from '../dom';
import { lang, say, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { gameName, specText } from '../names';
import type { Page, Route } from '../router';
import { onAccount } from '../account';
import { pass, passed, syncLessons } from '../lessons';
import { sectionsNav } from './openings';

const GAMES = ['awele', 'awithlaknannai', 'awechec'] as const;


// "★★☆", with the words for screen readers.
function starsView(n: number): HTMLElement {
  return h(
    'span',
    { class: `stars stars-${n}`, 'data-testid': 'stars', 'data-stars': String(n) },
    h('span', { 'aria-hidden': 'true' }, '★'.repeat(n) + '☆'.repeat(3 - n)),
    h('span', { class: 'sr-only' }, t().learnStars(n)),
  );
}

export function mountLearn(root: HTMLElement, route: Route): Page {
  const only = GAMES.find((g) => g === route.params.game) ?? null;
  const box = h('section', { class: 'card learn-page', 'data-testid': 'learn-page', 'aria-labelledby': 'learn-title' });
  root.appendChild(box);
  let lessons: Lessons | null = null;
  let error: Refusal | null = null;
  let accountKept = false;
  let gone = false;

  function draw(): void {
    const d = t();
    const done = passed();
    const games = only ? [only] : GAMES;
    fill(
      box,
      sectionsNav('lessons', only ?? undefined),
      h('h1', { id: 'learn-title' }, only ? d.learnLessonsOf(gameName(only)) : d.learnTitle),
      h('p', { class: 'lead' }, d.learnIntro),
      only ? null : h('p', { 'data-testid': 'learn-order' }, d.learnOrder),
      h('p', { class: 'help', 'data-testid': 'learn-kept' }, accountKept ? d.learnKeptAccount : d.learnKeptHere),
      h('p', {}, h('a', { href: '/practice', 'data-testid': 'learn-practice' }, `${d.practiceLink} →`)),
      error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : null,
      !lessons && !error ? h('p', { class: 'empty' }, d.loading) : null,
      lessons
        ? h(
            'div',
            { class: 'learn-games' },
            games.map((game) => {
              const stages = lessons!.games[game] ?? [];
              const count = stages.filter((s) => done[s.id]).length;
              const next = stages.find((s) => !done[s.id]) ?? stages[0];
              return h(
                'section',
                { class: 'learn-game', 'data-testid': `learn-${game}`, 'aria-labelledby': `learn-${game}-title` },
                h('h2', { id: `learn-${game}-title` }, h('a', { href: `/learn/${game}` }, gameName(game))),
                h('p', { class: 'help', 'data-testid': `learn-count-${game}` }, d.learnDone(count, stages.length)),
                next
                  ? h(
                      'a',
                      { href: `/learn/${game}/${next.name}`, class: 'button primary', 'data-testid': `learn-go-${game}` },
                      count === 0 ? d.learnStart : count === stages.length ? d.learnAgain : d.learnContinue,
                    )
                  : null,
                h(
                  'ol',
                  { class: 'learn-stages' },
                  stages.map((s) =>
                    h(
                      'li',
                      { class: done[s.id] ? 'passed' : '' },
                      h('a', { href: `/learn/${game}/${s.name}`, 'data-testid': `stage-link-${s.id.replace('/', '-')}` }, say(s.title)),
                      ' ',
                      starsView(done[s.id] ?? 0),
                    ),
                  ),
                ),
              );
            }),
          )
        : null,
    );
  }

  async function load(): Promise<void> {
    try {
      const [list, kept] = await Promise.all([api.lessons(), syncLessons()]);
      if (gone) return;
      lessons = list;
      accountKept = kept;
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    draw();
  }

  const stop = onAccount(() => void load());
  draw();
  void load();
  return {
    destroy() {
      gone = true;
      stop();
      box.remove();
    },
    relabel: draw,
    title: () => (only ? t().learnLessonsOf(gameName(only)) : t().learnTitle),
  };
}

// How long a frame of the animation, and a reply, stay on the board.
const FRAME_MS = 1800;
const REPLY_MS = 700;

export function mountLesson(root: HTMLElement, route: Route): Page {
  const game = route.params.game ?? '';
  const name = route.params.stage ?? '';
  const box = h('section', { class: 'card lesson-page', 'data-testid': 'lesson-page', 'aria-labelledby': 'lesson-title' });
  const boardBox = h('div', { class: 'lesson-board', 'data-testid': 'lesson-board' });
  root.appendChild(box);

  let lesson: Lesson | null = null;
  let error: Refusal | null = null;
  let board: GameBoard | null = null;
  let gone = false;
  // The stage's line so far (the learner's moves and the replies), the board shown, and whether
  // it is animated into.
  let line: string[] = [];
  let shown: BoardState | null = null;
  let animate = false;
  let busy = false;
  let mistakes = 0;
  let done = false;
  let stars = 0;
  // What the last move brought: a refusal (with its reason), or "go on".
  let feedback: { kind: 'refused' | 'missed' | 'go-on' | 'replying'; text: string } | null = null;
  // The animation: on, the frame shown (0: the start), playing or paused.
  let watching = route.query.has('watch');
  let frame = 0;
  let playing = false;
  let timer = 0;

  function drawBoard(): void {
    if (!lesson || !shown) return;
    const factory = boardFor(lesson.game);
    if (!factory) return;
    if (!board) board = factory();
    fill(boardBox, board.element);
    const interactive = !watching && !done && !busy;
    board.update(shown, { lang: lang(), bottom: lesson.side, interactive, outcome: null, onMove: (text) => void play(text) }, animate);
    animate = false;
  }

  function goalText(l: Lesson): string {
    const d = t();
    const g = l.goal;
    const [one, many] = d.learnWhat[l.game] ?? ['', ''];
    const what = g.moves ? d.learnGoalMoves(g.moves) : g.capture !== null ? d.learnGoalCapture(g.capture, g.capture === 1 ? one : many) : g.win ? d.learnGoalWin : d.learnGoalChess;
    return g.moves ? what : `${what}, ${d.learnWithin(g.within)}`;
  }

  function animationView(l: Lesson): HTMLElement {
    const d = t();
    const frames = l.animation.frames;
    const caption = frame === 0 ? say(l.animation.intro) || say(l.intro) : say(frames[frame - 1]?.caption);
    const button = (label: string, testid: string, onclick: () => void, disabled = false) =>
      h('button', { type: 'button', 'data-testid': testid, disabled, onclick }, label);
    return h(
      'div',
      { class: 'lesson-animation', 'data-testid': 'lesson-animation' },
      h('h2', {}, d.learnAnimation),
      h('p', { class: 'help', 'data-testid': 'animation-step' }, d.learnFrame(frame, frames.length)),
      h('p', { class: 'status-main', 'aria-live': 'polite', 'data-testid': 'animation-caption' }, caption),
      h(
        'div',
        { class: 'controls', role: 'group', 'aria-label': d.learnAnimation },
        button(d.learnReplay, 'animation-replay', () => showFrame(0, true)),
        button(d.learnBack, 'animation-back', () => showFrame(frame - 1, false), frame === 0),
        button(playing ? d.learnPause : d.learnPlay, 'animation-play', () => (playing ? pause() : playFrom(frame >= frames.length ? 0 : frame))),
        button(d.learnForward, 'animation-forward', () => showFrame(frame + 1, false), frame >= frames.length),
      ),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'lesson-try', onclick: () => stopWatching() }, d.learnTry),
    );
  }

  function statusView(l: Lesson): HTMLElement[] {
    const d = t();
    const out: HTMLElement[] = [];
    if (done) {
      out.push(h('p', { class: 'status-main won', 'data-testid': 'lesson-result' }, d.learnPassed, ' ', starsView(stars)));
      out.push(h('p', { class: 'help', 'data-testid': 'lesson-stars-why' }, d.learnStarsWhy));
      out.push(h('p', { class: 'status-detail', 'data-testid': 'lesson-success' }, say(l.success)));
      if (l.next) {
        out.push(h('a', { href: `/learn/${l.game}/${l.next}`, class: 'button primary big', 'data-testid': 'lesson-next' }, d.learnNext));
      } else {
        out.push(h('p', { class: 'help', 'data-testid': 'lesson-finished' }, d.learnFinished));
        // Awélé leads on to Awechec, which is played with it; the others to a game.
        if (l.game === 'awele') {
          out.push(h('a', { href: '/learn/awechec', class: 'button primary big', 'data-testid': 'lesson-next-game' }, d.learnNextGame(gameName('awechec'))));
          out.push(h('p', { class: 'help' }, h('a', { href: '/learn/awithlaknannai' }, d.learnOtherGame(gameName('awithlaknannai')))));
        } else {
          out.push(h('a', { href: `/?game=${l.game}`, class: 'button primary big', 'data-testid': 'lesson-play' }, d.learnPlayGame(gameName(l.game))));
          out.push(h('p', { class: 'help' }, h('a', { href: '/practice' }, d.practiceLink)));
        }
      }
    } else if (feedback?.kind === 'refused' || feedback?.kind === 'missed') {
      out.push(
        h(
          'p',
          { class: 'status-main lesson-wrong', role: 'alert', 'data-testid': 'lesson-why', 'data-kind': feedback.kind },
          feedback.kind === 'refused' ? d.learnRefused : d.learnMissed,
          ' ',
          feedback.text,
        ),
      );
    } else if (feedback?.kind === 'replying') {
      out.push(h('p', { class: 'status-main', 'data-testid': 'lesson-status' }, d.learnReplying));
    } else {
      out.push(h('p', { class: 'status-main yours', 'data-testid': 'lesson-status', 'data-plies': String(line.length) }, line.length ? d.learnGoOn : d.learnYourMove));
    }
    return out;
  }

  function draw(): void {
    const d = t();
    if (!lesson) {
      fill(box, error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'lesson-error' }, error.code === 'not_found' ? d.learnNotFound : errorText(error)) : h('p', { class: 'empty' }, d.loading));
      return;
    }
    const l = lesson;
    const mine = passed()[l.id] ?? 0;
    fill(
      box,
      h(
        'nav',
        { class: 'lesson-nav', 'aria-label': d.learnTitle },
        h('a', { href: `/learn/${l.game}`, 'data-testid': 'lesson-all' }, d.learnLessonsOf(gameName(l.game))),
        ' · ',
        h('span', { 'data-testid': 'lesson-stage' }, d.learnStage(l.index + 1, l.count)),
        ' ',
        starsView(mine),
      ),
      h('h1', { id: 'lesson-title' }, say(l.title)),
      h('p', { class: 'help', 'data-testid': 'lesson-spec' }, specText(l.spec)),
      h('p', { class: 'lesson-intro', 'data-testid': 'lesson-intro' }, say(l.intro)),
      watching ? null : h('p', { class: 'lesson-goal', 'data-testid': 'lesson-goal' }, h('strong', {}, `${d.learnGoal} : `.replace(' :', lang() === 'fr' ? '\u00a0:' : ':')), goalText(l)),
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'lesson-error' }, errorText(error)) : null,
      h(
        'div',
        { class: 'lesson-area' },
        boardBox,
        h(
          'div',
          { class: 'status lesson-side' },
          watching ? animationView(l) : h('div', { role: 'status', 'aria-live': 'polite', 'data-testid': 'lesson-feedback' }, statusView(l)),
          watching
            ? null
            : h(
                'div',
                { class: 'controls' },
                h('button', { type: 'button', 'data-testid': 'lesson-restart', onclick: () => restart() }, d.learnRestart),
                l.animation.frames.length ? h('button', { type: 'button', 'data-testid': 'lesson-watch', onclick: () => startWatching() }, d.learnWatch) : null,
              ),
          h(
            'p',
            { class: 'lesson-links' },
            l.previous ? h('a', { href: `/learn/${l.game}/${l.previous}`, 'data-testid': 'lesson-previous' }, `← ${d.learnPrevious}`) : null,
            l.previous && l.next ? ' · ' : null,
            l.next ? h('a', { href: `/learn/${l.game}/${l.next}`, 'data-testid': 'lesson-skip' }, `${d.learnNext} →`) : null,
          ),
        ),
      ),
    );
    drawBoard();
  }

  function restart(): void {
    if (!lesson) return;
    window.clearTimeout(timer);
    line = [];
    shown = lesson.state;
    busy = false;
    done = false;
    mistakes = 0;
    feedback = null;
    error = null;
    draw();
  }

  function showFrame(n: number, autoplay: boolean): void {
    if (!lesson) return;
    const frames = lesson.animation.frames;
    window.clearTimeout(timer);
    playing = false;
    frame = Math.max(0, Math.min(n, frames.length));
    shown = frame === 0 ? lesson.animation.start : frames[frame - 1].state;
    animate = frame > 0 && !autoplay;
    draw();
    if (autoplay) playFrom(frame);
  }

  function playFrom(n: number): void {
    if (!lesson) return;
    const frames = lesson.animation.frames;
    window.clearTimeout(timer);
    if (n === 0 && frame !== 0) {
      frame = 0;
      shown = lesson.animation.start;
    }
    playing = true;
    draw();
    const step = () => {
      if (gone || !lesson || !playing) return;
      if (frame >= frames.length) {
        playing = false;
        draw();
        return;
      }
      frame += 1;
      shown = frames[frame - 1].state;
      animate = true;
      draw();
      timer = window.setTimeout(step, FRAME_MS);
    };
    timer = window.setTimeout(step, n === 0 ? FRAME_MS / 2 : 300);
  }

  function pause(): void {
    window.clearTimeout(timer);
    playing = false;
    draw();
  }

  function startWatching(): void {
    watching = true;
    showFrame(0, true);
    box.querySelector<HTMLElement>('[data-testid="animation-play"]')?.focus();
  }

  function stopWatching(): void {
    window.clearTimeout(timer);
    watching = false;
    playing = false;
    restart();
    box.querySelector<HTMLElement>('[data-testid="lesson-board"]')?.scrollIntoView?.({ block: 'nearest' });
  }

  async function play(text: string): Promise<void> {
    if (!lesson || busy || done || watching) return;
    const l = lesson;
    busy = true;
    error = null;
    feedback = null;
    drawBoard();
    try {
      const verdict = await api.lessonMove(l.game, l.name, line, text, mistakes);
      if (gone) return;
      if (!verdict.played) {
        mistakes += 1;
        const why = verdict.code === 'miss' ? say(verdict.why) : (t().learnWhy[verdict.code] ?? verdict.rules ?? verdict.code);
        feedback = { kind: verdict.code === 'miss' ? 'missed' : 'refused', text: why };
        busy = false;
        // The board drawn again as it was: the move is taken back.
        draw();
        return;
      }
      // The learner's move at once, then each reply after a moment.
      line = [...line, ...verdict.moves];
      shown = verdict.states[0] ?? shown;
      animate = true;
      const rest = verdict.states.slice(1);
      const finish = () => {
        if (verdict.done) {
          done = true;
          stars = verdict.stars ?? 1;
          pass(l.id, stars);
        }
        feedback = null;
        busy = false;
        draw();
        if (done) box.querySelector<HTMLElement>('[data-testid="lesson-next"], [data-testid="lesson-next-game"], [data-testid="lesson-play"]')?.focus();
      };
      if (!rest.length) {
        finish();
        return;
      }
      feedback = { kind: 'replying', text: '' };
      draw();
      let i = 0;
      const next = () => {
        if (gone) return;
        shown = rest[i];
        animate = true;
        i += 1;
        if (i < rest.length) {
          drawBoard();
          timer = window.setTimeout(next, REPLY_MS);
        } else finish();
      };
      timer = window.setTimeout(next, REPLY_MS);
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
      busy = false;
      draw();
    }
  }

  async function load(): Promise<void> {
    try {
      const [l] = await Promise.all([api.lesson(game, name), syncLessons()]);
      if (gone) return;
      lesson = l;
      shown = watching ? l.animation.start : l.state;
      draw();
      if (watching) playFrom(0);
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
      draw();
    }
  }

  draw();
  void load();
  return {
    destroy() {
      gone = true;
      window.clearTimeout(timer);
      board?.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => (lesson ? `${say(lesson.title)} · ${t().learnTitle}` : t().learnTitle),
  };
}
