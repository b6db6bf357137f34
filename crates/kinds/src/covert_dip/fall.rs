//! The end of a Fall: the covert orders given with the Fall moves are carried out after the Fall's
//! retreats and ownership update (rulings 1.2 to 1.8, CD.1 to CD.8, CD.10): FDs spent, counter-insurgencies
//! set, blocks resolved before any answer, questions answered privately, votes tallied, FDs and CIOs
//! credited.

use std::collections::BTreeMap;

use judge::{Map, Position, Power, ProvinceId};

use super::orders::{CovertOrder, Question};
use super::{Account, State};
use crate::intrigue::{PowerName, ProvinceName, owned_home_centers};
use crate::kind::{Report, ReportLine, ResultWord};

/// What the end of a Fall tells each power and the public.
#[derive(Debug, Default)]
pub struct FallEnd {
    pub private: BTreeMap<Power, Report>,
    pub public_events: Vec<String>,
}

impl FallEnd {
    fn tell(&mut self, power: Power) -> &mut Report {
        self.private.entry(power).or_default()
    }

    fn line(&mut self, map: &Map, power: Power, order: CovertOrder, result: ResultWord, reason: String) {
        self.tell(power).orders.push(ReportLine {
            by: map.power_name(power).to_string(),
            order: order.notation(),
            result,
            reason,
        });
    }
}

/// Carries out `pending` (each power's covert orders, in the order given) on `next`, whose position is
/// already after the Fall update.
pub fn resolve(map: &Map, next: &mut State, pending: &[(PowerName, CovertOrder)]) -> FallEnd {
    let mut end = FallEnd::default();
    let spent = spend(map, next, pending, &mut end);
    next.insurgencies = counter_insurgencies(map, &spent);
    let votes = count_votes(map, next, pending, &mut end);
    credit(map, next, &mut end);
    answer_questions(map, next, &spent, &mut end);
    announce_influence(next, votes, &mut end);
    next.last_fall = spent.iter().fold(BTreeMap::new(), |mut orders, (power, order)| {
        orders.entry(PowerName(*power)).or_insert_with(Vec::new).push(*order);
        orders
    });
    next.disclosed = None;
    if !next.insurgencies.is_empty() {
        let names: Vec<&str> = next.insurgencies.iter().map(|c| map.province(c.0).name.as_str()).collect();
        end.public_events.push(format!("Counter-insurgencies this Winter: {}", names.join(", ")));
    }
    end
}

/// FDs and CIOs are spent in the order given; what a balance cannot pay is dropped, telling only the
/// orderer (CD.8).
fn spend(
    map: &Map,
    next: &mut State,
    pending: &[(PowerName, CovertOrder)],
    end: &mut FallEnd,
) -> Vec<(Power, CovertOrder)> {
    let mut spent = Vec::new();
    for &(power, order) in pending {
        let account = next.accounts.entry(power).or_default();
        let paid = match order {
            CovertOrder::Fd { .. } => take(&mut account.fds),
            CovertOrder::Ask { .. } | CovertOrder::Block { .. } => take(&mut account.cios),
            CovertOrder::Vote { .. } | CovertOrder::Disclose { .. } => continue,
        };
        if paid {
            spent.push((power.0, order));
            end.line(map, power.0, order, ResultWord::Succeeds, String::new());
        } else {
            end.line(map, power.0, order, ResultWord::Fails, "not carried out: nothing left to spend".into());
        }
    }
    spent
}

fn take(balance: &mut u32) -> bool {
    let had = *balance > 0;
    *balance = balance.saturating_sub(1);
    had
}

/// Rulings 1.2, 1.3 and CD.1: one counter-insurgency per center with any FD, owned or not.
fn counter_insurgencies(map: &Map, spent: &[(Power, CovertOrder)]) -> Vec<ProvinceName> {
    map.supply_centers()
        .filter(|&center| spent.iter().any(|(_, order)| *order == CovertOrder::Fd { center: ProvinceName(center) }))
        .map(ProvinceName)
        .collect()
}

/// The centers each power counts in the Winter after the Fall: one fewer per counter-insurgency in a center
/// it owns (rulings 1.2).
pub fn winter_center_counts(map: &Map, position: &Position, insurgencies: &[ProvinceName]) -> Vec<(Power, usize)> {
    map.powers()
        .map(|(power, _)| {
            let denied = insurgencies.iter().filter(|center| position.owner(center.0) == Some(power)).count();
            (power, position.centers_of(power) - denied)
        })
        .collect()
}

/// CD.7: each power may cast its unspent FDs plus this Fall's credit, none if it lost its last home
/// center; excess votes are dropped in the order given. Returns each candidate's votes.
fn count_votes(
    map: &Map,
    next: &State,
    pending: &[(PowerName, CovertOrder)],
    end: &mut FallEnd,
) -> BTreeMap<Power, u32> {
    let position = &next.game.position;
    let mut left: BTreeMap<Power, u32> = map
        .powers()
        .map(|(power, _)| {
            let homes = owned_home_centers(map, position, power);
            (power, if homes == 0 { 0 } else { next.account(power).fds + 1 })
        })
        .collect();
    let mut tally = BTreeMap::new();
    for &(voter, order) in pending {
        let CovertOrder::Vote { candidate, votes } = order else { continue };
        let available = left.entry(voter.0).or_default();
        if votes <= *available {
            *available -= votes;
            *tally.entry(candidate.0).or_default() += votes;
            end.line(map, voter.0, order, ResultWord::Succeeds, "your votes are seen by you and the GM only".into());
        } else {
            end.line(map, voter.0, order, ResultWord::Fails, format!("not counted: only {available} vote(s) left"));
        }
    }
    tally
}

/// Rulings 1.4 and 1.8: one FD per power owning a home center, one CIO per owned home center; a power
/// owning none loses everything (CD.10: after its orders were carried out).
fn credit(map: &Map, next: &mut State, end: &mut FallEnd) {
    for (power, _) in map.powers() {
        let homes = owned_home_centers(map, &next.game.position, power) as u32;
        let account = next.accounts.entry(PowerName(power)).or_default();
        if homes == 0 {
            if *account != Account::default() {
                end.tell(power).events.push("You own none of your home centers: all your FDs and CIOs are lost".into());
            }
            *account = Account::default();
            continue;
        }
        account.fds += 1;
        account.cios += homes;
        let message =
            format!("Credited 1 FD and {homes} CIO(s): you now hold {} FD(s) and {} CIO(s)", account.fds, account.cios);
        end.tell(power).events.push(message);
    }
}

/// Blocks are resolved before any answer (rulings 1.5): a block by X against Y stops every answer to Y
/// that would reveal something about X's FDs or CIOs; a (d) answer leaves the blockers out.
fn answer_questions(map: &Map, next: &State, spent: &[(Power, CovertOrder)], end: &mut FallEnd) {
    let blocks = |blocker: Power, asker: Power| {
        spent.iter().any(|(by, order)| *by == blocker && *order == CovertOrder::Block { power: PowerName(asker) })
    };
    let position = &next.game.position;
    for &(asker, order) in spent {
        let CovertOrder::Ask { question } = order else { continue };
        let answer = match question.target() {
            Some(target) if blocks(target, asker) => "no response".to_string(),
            _ => answer(map, position, next, spent, asker, question, &blocks),
        };
        end.tell(asker).events.push(format!("Answer to `{}`: {answer}", order.notation()));
    }
}

fn answer(
    map: &Map,
    position: &Position,
    next: &State,
    spent: &[(Power, CovertOrder)],
    asker: Power,
    question: Question,
    blocks: &dyn Fn(Power, Power) -> bool,
) -> String {
    let list = |items: Vec<String>| if items.is_empty() { "none".to_string() } else { items.join(", ") };
    match question {
        // CD.6: the asker's centers after the update, every FD the target spent there, duplicates included.
        Question::FdsAffectingMe { of } => list(
            spent
                .iter()
                .filter_map(|(by, order)| match order {
                    CovertOrder::Fd { center } if *by == of.0 && position.owner(center.0) == Some(asker) => {
                        Some(format!("FD {center}"))
                    }
                    _ => None,
                })
                .collect(),
        ),
        // CD.5: the target's CIO orders that name the asker.
        Question::CiosMentioningMe { of } => list(
            spent
                .iter()
                .filter(|(by, order)| *by == of.0 && order.is_cio() && order.mentions(asker))
                .map(|(_, order)| order.notation())
                .collect(),
        ),
        // CD.4: the balance after this Fall's spending and credit.
        Question::Balance { of } => format!("{of} holds {} FD(s)", next.account(of.0).fds),
        Question::Supporters { center } => list(supporters(map, spent, center.0, asker, blocks)),
    }
}

fn supporters(
    map: &Map,
    spent: &[(Power, CovertOrder)],
    center: ProvinceId,
    asker: Power,
    blocks: &dyn Fn(Power, Power) -> bool,
) -> Vec<String> {
    let mut powers: Vec<Power> = spent
        .iter()
        .filter(|(_, order)| *order == CovertOrder::Fd { center: ProvinceName(center) })
        .map(|(by, _)| *by)
        .filter(|&by| !blocks(by, asker))
        .collect();
    powers.sort();
    powers.dedup();
    powers.into_iter().map(|power| map.power_name(power).to_string()).collect()
}

/// Rulings 1.6 and CD.7: a candidate with more than half of all votes cast gains influence for the next
/// Spring; only the winner is told.
fn announce_influence(next: &mut State, tally: BTreeMap<Power, u32>, end: &mut FallEnd) {
    let total: u32 = tally.values().sum();
    next.influence = tally.into_iter().find(|(_, votes)| 2 * votes > total).map(|(power, _)| PowerName(power));
    if let Some(holder) = next.influence {
        end.tell(holder.0).events.push(
            "You hold influence in Switzerland: name the power to be disclosed with your Spring orders, \
             `DISCLOSE <power>`"
                .into(),
        );
    }
}
