//! One request through the judge library: read the position and the order lines, adjudicate, and report
//! every line's result with the next position. All the rules live in the library; this only matches lines
//! to results, so that an unreadable line is reported in its place instead of stopping the others.

use judge::adjudicate::Invalid;
use judge::order::ParseError;
use judge::{Extensions, Map, OrderStatus, Power, Submission, parse_order};

use crate::wire::{Answer, AnsweredLine, Request, WireError};

/// Adjudicates the request's phase, or says why its position is impossible.
pub fn adjudicate<'a>(map: &'a Map, request: &'a Request<'_>) -> Result<Answer<'a>, WireError> {
    let position = request.position.to_position(map)?;
    let lines: Vec<Result<Submission, Unreadable>> = request.orders.iter().map(|line| read_order(map, line)).collect();
    let submissions: Vec<Submission> = lines.iter().filter_map(|line| line.as_ref().ok().copied()).collect();
    let adjudication = judge::adjudicate(map, &position, &submissions, &Extensions::default());
    let mut judged = adjudication.results.into_iter();
    let results = request
        .orders
        .iter()
        .zip(lines)
        .map(|(text, line)| {
            let (power, status) = match line {
                Ok(_) => {
                    let result = judged.next().expect("the judge gives one result per submission");
                    (result.power, result.status)
                }
                Err(Unreadable { power, error }) => (power, OrderStatus::Invalid(Invalid::Unreadable(error))),
            };
            AnsweredLine { order: text, power, status }
        })
        .collect();
    Ok(Answer { map, id: request.id.as_ref(), phase: position.phase, results, next: adjudication.next })
}

/// An order line that is not an order, with the power it named, if any.
struct Unreadable {
    power: Option<Power>,
    error: ParseError,
}

fn read_order(map: &Map, line: &str) -> Result<Submission, Unreadable> {
    parse_order(map, line)
        .map(|(power, order)| Submission { power, order })
        .map_err(|error| Unreadable { power: named_power(map, line), error })
}

/// The power a line names before `:`, so that even an unreadable order is reported under its power.
fn named_power(map: &Map, line: &str) -> Option<Power> {
    line.split_once(':').and_then(|(power, _)| map.find_power(power))
}
