// Ludii's AlphaBeta speaking UGI, so that `awe match` can play it (issue 46). A bench tool, not
// part of awe: it is compiled against a Ludii checkout by bench/ludii/build.sh.
//
// Usage: java -cp CLASSES LudiiUgi LUD_FILE
//
// It reads awe's position text (`position fen ROWS SIDE PLIES moves …`, or `position startpos`)
// and awe's move words (`b4-m5`, `m6xm4`). Awe's points are named by row (t, m, b, top first)
// and by their order from the left in that row; Ludii's vertices are put in the same order by
// their centres. The start text awe sends must be the position Ludii starts from, and every move
// awe sends must be one of Ludii's legal moves: anything else is an error on stderr and no
// `bestmove`, so that a difference between the two rule books cannot pass unseen.

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import game.Game;
import game.types.board.SiteType;
import main.collections.FastArrayList;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.topology.Vertex;
import other.trial.Trial;
import search.minimax.AlphaBetaSearch;

public final class LudiiUgi {
    private final Game game;
    /** Ludii's vertex of each awe point name. */
    private final Map<String, Integer> siteOf = new HashMap<>();
    /** Awe's point name of each Ludii vertex. */
    private final String[] nameOf;
    /** The rows, top first, each Ludii vertices from the left. */
    private final List<List<Integer>> rows = new ArrayList<>();
    private Context context;
    /** Whether the last `position` could not be set: no move is given for it. */
    private boolean broken;
    private AlphaBetaSearch[] ais = new AlphaBetaSearch[3];

    private LudiiUgi(final Game game) {
        this.game = game;
        final List<Vertex> vertices = game.board().topology().vertices();
        nameOf = new String[vertices.size()];
        // Rows by height (Ludii's y grows upwards), rounded: a row's points share it.
        final TreeMap<Long, List<Vertex>> byRow = new TreeMap<>();
        for (final Vertex v : vertices) {
            final long y = Math.round(v.centroid().getY() * 1000);
            byRow.computeIfAbsent(-y, k -> new ArrayList<>()).add(v);
        }
        if (byRow.size() != 3)
            throw new IllegalStateException("expected 3 rows of vertices, found " + byRow.size());
        final String[] letters = { "t", "m", "b" };
        int r = 0;
        for (final List<Vertex> row : byRow.values()) {
            row.sort((a, b) -> Double.compare(a.centroid().getX(), b.centroid().getX()));
            final List<Integer> sites = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                final String name = letters[r] + (i + 1);
                siteOf.put(name, row.get(i).index());
                nameOf[row.get(i).index()] = name;
                sites.add(row.get(i).index());
            }
            rows.add(sites);
            r++;
        }
        newGame();
    }

    private void newGame() {
        context = new Context(game, new Trial(game));
        game.start(context);
    }

    /** The board as awe writes it: rows top first, `w` for Ludii's first player. */
    private String rowsText(final Context c) {
        final StringBuilder sb = new StringBuilder();
        for (final List<Integer> row : rows) {
            if (sb.length() > 0)
                sb.append('/');
            for (final int site : row) {
                final int who = c.containerState(0).who(site, SiteType.Vertex);
                sb.append(who == 1 ? 'w' : who == 2 ? 'b' : '.');
            }
        }
        return sb.toString();
    }

    private int pieces(final Context c) {
        int n = 0;
        for (final List<Integer> row : rows)
            for (final int site : row)
                if (c.containerState(0).who(site, SiteType.Vertex) != 0)
                    n++;
        return n;
    }

    /** Awe's word for a legal move of Ludii's in the current position. */
    private String word(final Move m) {
        final Context after = new Context(context);
        game.apply(after, m);
        final boolean capture = pieces(after) < pieces(context);
        return nameOf[m.from()] + (capture ? "x" : "-") + nameOf[m.to()];
    }

    /** Ludii's legal move written `word` by awe; an error if there is none. */
    private Move find(final String word) {
        final String[] points = word.split("[-x]");
        if (points.length != 2 || !siteOf.containsKey(points[0]) || !siteOf.containsKey(points[1]))
            throw new IllegalArgumentException("`" + word + "` is not a move of one step or one jump");
        final int from = siteOf.get(points[0]);
        final int to = siteOf.get(points[1]);
        final FastArrayList<Move> legal = game.moves(context).moves();
        for (final Move m : legal)
            if (m.from() == from && m.to() == to && word(m).equals(word))
                return m;
        final List<String> words = new ArrayList<>();
        for (final Move m : legal)
            words.add(word(m));
        throw new IllegalArgumentException("`" + word + "` is not legal for Ludii here; Ludii's moves: " + words);
    }

    private void position(final String line) {
        newGame();
        broken = true;
        String rest = line.substring("position".length()).trim();
        String moves = "";
        final int at = rest.indexOf(" moves");
        if (at >= 0) {
            moves = rest.substring(at + " moves".length()).trim();
            rest = rest.substring(0, at).trim();
        } else if (rest.endsWith("moves")) {
            rest = rest.substring(0, rest.length() - "moves".length()).trim();
        }
        if (rest.startsWith("fen ")) {
            final String[] fields = rest.substring(4).trim().split("\\s+");
            final String expected = rowsText(context);
            if (!fields[0].equals(expected) || !fields[1].equals("w"))
                throw new IllegalArgumentException("Ludii starts from " + expected + " w, not " + rest.substring(4));
        } else if (!rest.equals("startpos")) {
            throw new IllegalArgumentException("unknown position: " + line);
        }
        for (final String word : moves.split("\\s+")) {
            if (word.isEmpty())
                continue;
            game.apply(context, find(word));
        }
        broken = false;
    }

    private String go(final String line, final PrintStream err) {
        if (broken)
            throw new IllegalStateException("no move: the position was not set");
        final String[] words = line.trim().split("\\s+");
        double seconds = 1.0;
        for (int i = 1; i + 1 < words.length; i++)
            if (words[i].equals("movetime"))
                seconds = Integer.parseInt(words[i + 1]) / 1000.0;
        // Ludii overran a 0.2 s budget by 16 ms a move (its own clock starts after this one's):
        // it stops 15 ms early, as awe's engine keeps a margin of its own.
        seconds = Math.max(0.01, seconds - 0.015);
        final int mover = context.state().mover();
        if (ais[mover] == null) {
            ais[mover] = new AlphaBetaSearch();
            ais[mover].initAI(game, mover);
        }
        final Move m = ais[mover].selectAction(game, new Context(context), seconds, -1, -1);
        final String text = word(m);
        err.println("ludii: " + ais[mover].generateAnalysisReport());
        return text;
    }

    public static void main(final String[] args) throws Exception {
        // Ludii prints on its own: the protocol keeps the real standard output.
        final PrintStream out = new PrintStream(System.out, true, "UTF-8");
        final PrintStream err = System.err;
        System.setOut(err);
        final Game game = GameLoader.loadGameFromFile(new File(args[0]));
        final LudiiUgi engine = new LudiiUgi(game);
        err.println("ludii: " + game.name() + ", " + engine.nameOf.length + " vertices, start " + engine.rowsText(engine.context));
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            try {
                if (line.equals("ugi") || line.equals("uci")) {
                    out.println("id name Ludii AlphaBeta (" + game.name() + ")");
                    out.println(line + "ok");
                } else if (line.equals("isready")) {
                    out.println("readyok");
                } else if (line.equals("uginewgame") || line.equals("ucinewgame")) {
                    engine.newGame();
                    engine.ais = new AlphaBetaSearch[3];
                } else if (line.startsWith("position")) {
                    engine.position(line);
                } else if (line.startsWith("go")) {
                    out.println("bestmove " + engine.go(line, err));
                } else if (line.equals("quit")) {
                    return;
                }
            } catch (final RuntimeException e) {
                err.println("ludii: error: " + e.getMessage());
            }
        }
    }
}
