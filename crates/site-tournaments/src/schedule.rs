//! The operator's recurring tournaments: `awe serve --schedule "daily 18:00 arena awele:abapa 3+2
//! 60"`, or `"sat 15:00 swiss medley 5+3 7"`. Each line is: when (`daily`, or a day of the week,
//! `mon` to `sun`), the hour in UTC, `arena` or `swiss`, the game (a rating category, such as
//! `awele:abapa`, `awithlaknannai:mosona:wikipedia`, `awechec:standard`, or `medley` for a Swiss),
//! the clock (minutes + seconds), and the length (an arena's minutes, a Swiss tournament's
//! rounds). The next one of each line is made a day ahead, so that players see it coming.

use std::fmt;

use crate::spec::Spec;
use crate::store::TournamentRow;

const DAY_MS: i64 = 86_400_000;
const DAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// A recurring tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    line: String,
    /// None: every day; else the day of the week, 0 for Monday.
    weekday: Option<u32>,
    /// Minutes after midnight, UTC.
    at: i64,
    kind: String,
    /// None for a medley.
    spec: Option<Spec>,
    clock: (i64, i64),
    length: i64,
}

/// A line that is not a schedule, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--schedule {line:?}: {why} (e.g. \"daily 18:00 arena awele:abapa 3+2 60\")")]
pub struct ScheduleError {
    line: String,
    why: String,
}

impl std::str::FromStr for Schedule {
    type Err = ScheduleError;

    fn from_str(line: &str) -> Result<Schedule, ScheduleError> {
        let fail = |why: &str| ScheduleError { line: line.to_owned(), why: why.to_owned() };
        let words: Vec<&str> = line.split_whitespace().collect();
        let [when, time, kind, game, clock, length] = words[..] else {
            return Err(fail("six words: when, hour, kind, game, clock, length"));
        };
        let weekday = match when {
            "daily" => None,
            day => Some(
                DAYS.iter()
                    .position(|d| *d == day)
                    .ok_or_else(|| fail("when: daily, or mon to sun"))? as u32,
            ),
        };
        let (h, m) = time.split_once(':').ok_or_else(|| fail("the hour as HH:MM"))?;
        let (h, m): (i64, i64) =
            (h.parse().map_err(|_| fail("the hour"))?, m.parse().map_err(|_| fail("the minutes"))?);
        if !(0..24).contains(&h) || !(0..60).contains(&m) {
            return Err(fail("the hour as HH:MM, 00:00 to 23:59"));
        }
        if kind != "arena" && kind != "swiss" {
            return Err(fail("the kind: arena or swiss"));
        }
        let spec = match game {
            "medley" if kind == "swiss" => None,
            "medley" => return Err(fail("a medley is a Swiss tournament")),
            category => Some(
                spec_of(category)
                    .ok_or_else(|| fail("the game: a category such as awele:abapa"))?,
            ),
        };
        let (minutes, seconds) = clock.split_once('+').ok_or_else(|| fail("the clock as M+S"))?;
        let minutes: f64 = minutes.parse().map_err(|_| fail("the clock's minutes"))?;
        let seconds: f64 = seconds.parse().map_err(|_| fail("the clock's seconds"))?;
        if !(0.0..=60.0).contains(&minutes)
            || !(0.0..=60.0).contains(&seconds)
            || minutes * 60.0 + seconds < 15.0
        {
            return Err(fail("the clock: 0 to 60 minutes and 0 to 60 seconds, 15 s at least"));
        }
        let length: i64 = length.parse().map_err(|_| fail("the length"))?;
        let fits =
            if kind == "arena" { (10..=720).contains(&length) } else { (2..=20).contains(&length) };
        if !fits {
            return Err(fail(
                "the length: an arena's minutes (10 to 720), or a Swiss's rounds (2 to 20)",
            ));
        }
        Ok(Schedule {
            line: words.join(" "),
            weekday,
            at: h * 60 + m,
            kind: kind.to_owned(),
            spec,
            clock: ((minutes * 60_000.0) as i64, (seconds * 1000.0) as i64),
            length,
        })
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line)
    }
}

/// The spec of a rating category (`awele:abapa`, `awithlaknannai:kolowis:bell`,
/// `awechec:standard`), checked.
fn spec_of(category: &str) -> Option<Spec> {
    let parts: Vec<&str> = category.split(':').collect();
    let spec = match parts[..] {
        ["awele", rules] => Spec::Awele { rules: Some(rules.into()) },
        ["awithlaknannai", board, rules] => Spec::Awithlaknannai {
            board: Some(board.into()),
            rules: Some(rules.into()),
            outer_lines: None,
            end_lines: None,
        },
        ["awechec", variant] => Spec::Awechec { variant: Some(variant.into()), handicap: None },
        _ => return None,
    };
    spec.normalized().ok().filter(|s| s.category().ok().flatten().as_deref() == Some(category))
}

impl Schedule {
    /// When the next one starts, after `now` (milliseconds since 1970).
    pub fn next_after(&self, now: i64) -> i64 {
        let today = now.div_euclid(DAY_MS);
        (0..=7)
            .map(|d| (today + d) * DAY_MS + self.at * 60_000)
            .find(|&start| {
                // 1970-01-01 was a Thursday (3, from Monday).
                let weekday = ((start.div_euclid(DAY_MS) + 3) % 7) as u32;
                start > now && self.weekday.is_none_or(|w| w == weekday)
            })
            .unwrap_or(now + DAY_MS)
    }

    /// The tournament starting at `starts_at`; its id is the same on every server (made once).
    pub fn tournament(&self, starts_at: i64, now: i64) -> TournamentRow {
        let specs = match &self.spec {
            Some(spec) => vec![spec.clone()],
            None => super::medley(),
        };
        let game = self.spec.as_ref().map_or("Medley", Spec::game);
        let kind = if self.kind == "arena" { "arena" } else { "Swiss" };
        let every = self.weekday.map_or("Daily", |w| {
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
                [w as usize]
        });
        let id = crate::ids::hash(&format!("{} {starts_at}", self.line));
        TournamentRow {
            id: format!("s{}", &id[..9]),
            kind: self.kind.clone(),
            name: format!("{every} {game} {kind}"),
            specs: serde_json::to_string(&specs).unwrap_or_default(),
            clock: self.clock,
            rated: true,
            created_by: None,
            starts_at,
            minutes: (self.kind == "arena").then_some(self.length),
            rounds: (self.kind == "swiss").then_some(self.length),
            round: 0,
            status: "created".into(),
            created_at: now,
            finished_at: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_read_and_come_round() {
        let s: Schedule = "daily 18:00 arena awele:abapa 3+2 60".parse().unwrap();
        // 2026-11-26 (a Thursday) at 12:00 UTC, then at 19:00.
        let noon = 1_795_694_400_000;
        assert_eq!(s.next_after(noon), noon + 6 * 3_600_000);
        assert_eq!(s.next_after(noon + 7 * 3_600_000), noon + 30 * 3_600_000);
        let t = s.tournament(s.next_after(noon), noon);
        assert_eq!(
            (t.kind.as_str(), t.minutes, t.clock, t.name.as_str()),
            ("arena", Some(60), (180_000, 2_000), "Daily awele arena")
        );
        assert_eq!(t.id, s.tournament(s.next_after(noon), noon + 5).id, "the same on every server");
        let w: Schedule = "sat 15:00 swiss medley 5+3 7".parse().unwrap();
        // The Saturday after: two days and three hours later.
        assert_eq!(w.next_after(noon), noon + (2 * 24 + 3) * 3_600_000);
        assert_eq!(w.tournament(0, 0).specs.matches("game").count(), 3);
        for bad in [
            "daily 18:00 arena awele:abapa 3+2",
            "often 18:00 arena awele:abapa 3+2 60",
            "daily 25:00 arena awele:abapa 3+2 60",
            "daily 18:00 blitz awele:abapa 3+2 60",
            "daily 18:00 arena awele:nope 3+2 60",
            "daily 18:00 arena medley 3+2 60",
            "daily 18:00 arena awele:abapa 0+5 60",
            "daily 18:00 swiss awechec:standard 3+2 50",
        ] {
            assert!(bad.parse::<Schedule>().is_err(), "{bad}");
        }
    }
}
