//! The supply-center chart of a game's history: one line per power in its colour, a point per phase,
//! drawn as an SVG string like the map. Pure; the page keeps a table of the same numbers as the
//! chart's text alternative.

use svg::Document;
use svg::node::element::{Circle, Group, Line, Polyline, Rectangle, Text, Title};

use crate::draw::round;
use crate::palette::{LABEL, OUTLINE, power_colour};

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 40.0;
/// Room on the right for each line's end label (power and count).
const RIGHT: f64 = 120.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 36.0;
/// End labels closer than this are pushed apart so that powers with equal counts stay readable.
const LABEL_GAP: f64 = 13.0;

/// One power's center count at the start of each phase, in phase order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CenterSeries {
    pub power: String,
    pub counts: Vec<usize>,
}

/// The chart of a game's centers: `series` over phases labelled `phases` (one count per phase in each
/// series); `goal` (18 on the standard map) is drawn as a dashed line.
#[derive(Clone, Debug, Default)]
pub struct CentersChart {
    pub phases: Vec<String>,
    pub series: Vec<CenterSeries>,
    pub goal: Option<usize>,
}

impl CentersChart {
    /// The chart as an SVG document (no XML declaration, ready to inline in HTML).
    pub fn render(&self) -> String {
        let counts = self.series.iter().flat_map(|line| line.counts.iter().copied());
        let top_count = counts.chain(self.goal).max().unwrap_or(0).max(1);
        let scale = Scale { phases: self.phases.len(), top_count };
        let lanes = self.series.len();
        let lines = self.series.iter().enumerate().fold(Group::new().set("class", "lines"), |group, (index, line)| {
            group.add(power_line(&scale, &self.phases, line, lane_offset(index, lanes)))
        });
        Document::new()
            .set("viewBox", (0, 0, WIDTH, HEIGHT))
            .set("role", "img")
            .set("aria-label", "Supply centers of each power over time, one line per power")
            .set("class", "centers-chart")
            .set("font-family", "DejaVu Sans, Verdana, Arial, sans-serif")
            .add(Title::new("Supply centers over time"))
            .add(grid(&scale, &self.phases))
            .add(self.goal.map_or_else(Group::new, |goal| goal_line(&scale, goal)))
            .add(lines)
            .add(end_labels(&scale, &self.series))
            .to_string()
    }
}

/// Maps phases and counts to the canvas.
struct Scale {
    phases: usize,
    top_count: usize,
}

impl Scale {
    fn x(&self, phase: usize) -> f64 {
        let span = WIDTH - LEFT - RIGHT;
        match self.phases {
            0 | 1 => LEFT + span / 2.0,
            count => LEFT + span * phase as f64 / (count - 1) as f64,
        }
    }

    fn y(&self, count: usize) -> f64 {
        HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * count as f64 / self.top_count as f64
    }

    /// A horizontal gridline every this many centers, so that there are at most about ten.
    fn count_step(&self) -> usize {
        [1, 2, 5, 10, 20, 50].into_iter().find(|step| self.top_count / step <= 10).unwrap_or(100)
    }
}

fn grid(scale: &Scale, phases: &[String]) -> Group {
    let mut group =
        Group::new().set("class", "grid").set("aria-hidden", "true").set("font-size", 11).set("fill", LABEL);
    for count in (0..=scale.top_count).step_by(scale.count_step()) {
        let y = round(scale.y(count));
        group = group
            .add(horizontal(y, "#d6dce3"))
            .add(Text::new(count.to_string()).set("x", LEFT - 6.0).set("y", y + 4.0).set("text-anchor", "end"));
    }
    for (index, year) in year_ticks(phases) {
        let x = round(scale.x(index));
        group = group
            .add(
                Line::new()
                    .set("x1", x)
                    .set("y1", TOP)
                    .set("x2", x)
                    .set("y2", HEIGHT - BOTTOM)
                    .set("stroke", "#eef1f4"),
            )
            .add(Text::new(year).set("x", x).set("y", HEIGHT - BOTTOM + 16.0).set("text-anchor", "middle"));
    }
    group
}

fn horizontal(y: f64, colour: &str) -> Line {
    Line::new().set("x1", LEFT).set("y1", y).set("x2", WIDTH - RIGHT).set("y2", y).set("stroke", colour)
}

/// The first phase of each year, with the year: phase labels carry it (`Spring 1902 Movement`). Labels
/// without a year get no tick.
fn year_ticks(phases: &[String]) -> Vec<(usize, String)> {
    let mut ticks: Vec<(usize, String)> = Vec::new();
    for (index, label) in phases.iter().enumerate() {
        let year = label.split_whitespace().find(|word| word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit()));
        if let Some(year) = year
            && ticks.last().is_none_or(|(_, last)| last != year)
        {
            ticks.push((index, year.to_owned()));
        }
    }
    let every = ticks.len().div_ceil(12).max(1);
    ticks.into_iter().step_by(every).collect()
}

fn goal_line(scale: &Scale, goal: usize) -> Group {
    let y = round(scale.y(goal));
    Group::new()
        .set("class", "goal")
        .add(horizontal(y, "#8a6d1f").set("stroke-dasharray", "6 4").set("stroke-width", 1.5))
        .add(
            Text::new(format!("{goal} to win"))
                .set("x", LEFT + 4.0)
                .set("y", y - 4.0)
                .set("font-size", 11)
                .set("fill", "#8a6d1f"),
        )
}

/// How far a power's line is drawn from its count, so that powers with equal counts show as parallel
/// lines side by side instead of one hiding the others.
const LANE: f64 = 2.5;

fn lane_offset(index: usize, lanes: usize) -> f64 {
    (index as f64 - (lanes.saturating_sub(1)) as f64 / 2.0) * LANE
}

fn power_line(scale: &Scale, phases: &[String], line: &CenterSeries, offset: f64) -> Group {
    let colour = power_colour(&line.power).fill;
    let points: Vec<String> = line
        .counts
        .iter()
        .enumerate()
        .map(|(phase, count)| format!("{},{}", round(scale.x(phase)), round(scale.y(*count) + offset)))
        .collect();
    let mut group = Group::new()
        .set("class", "power-line")
        .set("data-power", line.power.as_str())
        .add(Title::new(line.power.as_str()))
        .add(
            Polyline::new()
                .set("points", points.join(" "))
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", LANE)
                .set("stroke-linejoin", "round"),
        );
    for (phase, count) in line.counts.iter().enumerate() {
        let when = phases.get(phase).map(String::as_str).unwrap_or_default();
        group = group.add(
            Circle::new()
                .set("cx", round(scale.x(phase)))
                .set("cy", round(scale.y(*count) + offset))
                .set("r", 3.5)
                .set("fill", colour)
                .add(Title::new(format!("{}: {count} at {when}", line.power))),
        );
    }
    group
}

/// Each power's name and last count at the end of its line, pushed apart where lines end together.
fn end_labels(scale: &Scale, series: &[CenterSeries]) -> Group {
    let mut ends: Vec<(f64, &CenterSeries, usize)> =
        series.iter().filter_map(|line| line.counts.last().map(|last| (scale.y(*last), line, *last))).collect();
    ends.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut previous = f64::NEG_INFINITY;
    let x = scale.x(scale.phases.saturating_sub(1)) + 10.0;
    let mut group = Group::new().set("class", "end-labels").set("font-size", 12);
    for (y, line, last) in ends {
        let y = y.max(previous + LABEL_GAP);
        previous = y;
        let swatch = Rectangle::new()
            .set("x", round(x))
            .set("y", round(y - 5.0))
            .set("width", 10)
            .set("height", 10)
            .set("fill", power_colour(&line.power).fill)
            .set("stroke", OUTLINE);
        let text = Text::new(format!("{} {last}", line.power)).set("x", round(x + 14.0)).set("y", round(y + 4.0));
        group = group.add(swatch).add(text.set("fill", LABEL));
    }
    group
}
