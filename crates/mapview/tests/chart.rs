//! The supply-center chart: a line per power in its colour, years along the bottom, readable labels.

use mapview::{CenterSeries, CentersChart, power_colour};

fn centers_chart(phases: &[String], series: &[CenterSeries], goal: Option<usize>) -> String {
    CentersChart { phases: phases.to_vec(), series: series.to_vec(), goal }.render()
}

fn phases(labels: &[&str]) -> Vec<String> {
    labels.iter().map(|label| (*label).to_owned()).collect()
}

fn series(power: &str, counts: &[usize]) -> CenterSeries {
    CenterSeries { power: power.to_owned(), counts: counts.to_vec() }
}

fn with_class<'a>(document: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    document.descendants().filter(|node| node.attribute("class") == Some(class)).collect()
}

/// The (x, y) points of a polyline.
fn points(node: roxmltree::Node) -> Vec<(f64, f64)> {
    let polyline = node.descendants().find(|child| child.has_tag_name("polyline")).expect("a polyline");
    polyline
        .attribute("points")
        .unwrap()
        .split(' ')
        .map(|pair| {
            let (x, y) = pair.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

const FOUR_PHASES: [&str; 4] =
    ["Spring 1901 Movement", "Fall 1901 Movement", "Winter 1901 Adjustment", "Spring 1902 Movement"];

#[test]
fn each_power_gets_one_line_in_its_colour_rising_with_its_centers() {
    let svg = centers_chart(
        &phases(&FOUR_PHASES),
        &[series("France", &[3, 3, 5, 5]), series("Italy", &[3, 3, 2, 2])],
        Some(18),
    );
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let lines = with_class(&document, "power-line");
    assert_eq!(lines.len(), 2);
    let france = lines.iter().find(|line| line.attribute("data-power") == Some("France")).unwrap();
    let polyline = france.descendants().find(|child| child.has_tag_name("polyline")).unwrap();
    assert_eq!(polyline.attribute("stroke"), Some(power_colour("France").fill));
    let france_points = points(*france);
    assert_eq!(france_points.len(), 4);
    assert!(france_points.windows(2).all(|pair| pair[0].0 < pair[1].0), "phases run left to right");
    assert!(france_points[2].1 < france_points[1].1, "more centers are drawn higher");
    let italy_points = points(*lines.iter().find(|line| line.attribute("data-power") == Some("Italy")).unwrap());
    assert!(italy_points[3].1 > france_points[3].1);
    assert!(svg.contains("18 to win"));
    assert!(svg.contains("France: 5 at Winter 1901 Adjustment"));
}

#[test]
fn the_years_are_marked_once_each_along_the_bottom() {
    let svg = centers_chart(&phases(&FOUR_PHASES), &[series("France", &[3, 3, 5, 5])], None);
    let document = roxmltree::Document::parse(&svg).unwrap();
    let grid = with_class(&document, "grid")[0];
    let years: Vec<&str> = grid
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .map(str::trim)
        .filter(|text| text.len() == 4)
        .collect();
    assert_eq!(years, ["1901", "1902"]);
    assert!(!svg.contains("to win"), "no goal line when none is given");
}

#[test]
fn powers_ending_on_the_same_count_get_labels_that_do_not_overlap() {
    let all: Vec<CenterSeries> =
        ["Austria", "England", "France", "Germany"].iter().map(|power| series(power, &[3, 4])).collect();
    let svg = centers_chart(&phases(&FOUR_PHASES[..2]), &all, Some(18));
    let document = roxmltree::Document::parse(&svg).unwrap();
    let labels = with_class(&document, "end-labels")[0];
    let mut ys: Vec<f64> = labels
        .children()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| node.attribute("y").unwrap().parse().unwrap())
        .collect();
    assert_eq!(ys.len(), 4);
    ys.sort_by(f64::total_cmp);
    assert!(ys.windows(2).all(|pair| pair[1] - pair[0] >= 12.0), "labels stacked apart: {ys:?}");
    assert!(svg.contains("France 4"));
}

#[test]
fn a_game_with_one_phase_or_none_still_draws_a_chart() {
    for (labels, counts) in [(vec![], vec![]), (vec!["Spring 1901 Movement"], vec![3])] {
        let svg = centers_chart(&phases(&labels), &[series("France", &counts)], Some(18));
        roxmltree::Document::parse(&svg).expect("well-formed SVG");
    }
}

#[test]
fn powers_with_equal_counts_are_drawn_as_parallel_lines_not_one_over_the_other() {
    let svg = centers_chart(
        &phases(&["S1901M", "F1901M"]),
        &[series("England", &[3, 4]), series("France", &[3, 4]), series("Germany", &[3, 4])],
        None,
    );
    let document = roxmltree::Document::parse(&svg).unwrap();
    let lines: Vec<Vec<(f64, f64)>> = with_class(&document, "power-line").into_iter().map(points).collect();
    let first_ys: Vec<f64> = lines.iter().map(|line| line[0].1).collect();
    assert!(first_ys[0] < first_ys[1] && first_ys[1] < first_ys[2], "equal lines overlap: {first_ys:?}");
    assert!(first_ys[2] - first_ys[0] < 10.0, "the lines stay close to their count: {first_ys:?}");
}
