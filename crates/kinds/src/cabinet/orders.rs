//! Who orders which unit (sheet §5–7, rulings 2.2, 2.3, CAB.10): the General orders his power's armies,
//! the Admiral its fleets, the Head of State gives backup orders (used unit by unit where the commander
//! gave none, or for a vacant commander seat), may disband a retreating unit over its commander's
//! order, and alone builds and removes, pooled across a dual monarchy (CAB.4) and not at all without a
//! Head of State (CAB.2).

use std::collections::BTreeMap;

use judge::{
    Extensions, Map, Order, OrderStatus, PhaseKind, Position, Power, ProvinceId, Submission, Unit, adjudicate,
    parse_orders,
};

use super::State;
use super::seats::{Role, SeatRef};
use crate::intrigue::map;
use crate::kind::{AcceptedLine, OrderCheck, RejectedLine};
use crate::standard::check_sheet;

impl State {
    pub(super) fn position(&self) -> &Position {
        &self.game.position
    }

    /// The units whose orders this phase are given: the units on the board in movement phases, the
    /// dislodged ones in retreat phases, none in adjustment phases.
    pub(super) fn ordered_units(&self) -> Vec<Unit> {
        let position = self.position();
        match position.phase.kind {
            PhaseKind::Movement => position.units.clone(),
            PhaseKind::Retreat => position.dislodged.iter().map(|d| d.unit).collect(),
            PhaseKind::Adjustment => Vec::new(),
        }
    }

    /// The units `seat` may order this phase: a commander his power's units of his arm, a Head of State
    /// (for backups) every unit of his realm.
    pub(super) fn units_of_seat(&self, seat: SeatRef) -> Vec<Unit> {
        if !self.is_held(seat) {
            return Vec::new();
        }
        let realm = self.realm(seat.power.0);
        self.ordered_units()
            .into_iter()
            .filter(|unit| match seat.role {
                Role::HeadOfState => realm.contains(&unit.power),
                role => unit.power == seat.power.0 && Role::commanding(unit.kind) == role,
            })
            .collect()
    }

    /// The power a seat's unit orders are read for, and the judge's extensions letting it command
    /// exactly its units.
    pub(super) fn unit_sheet_rules(&self, seat: SeatRef) -> (Power, Extensions) {
        let map = map();
        let grants = self.units_of_seat(seat).iter().map(|unit| (seat.power.0, map.province_of(unit.region))).collect();
        (seat.power.0, Extensions { command_grants: Some(grants), ..Extensions::default() })
    }

    /// Checks the unit orders (or builds and removals) on a seat's sheet.
    pub(super) fn check_unit_orders(&self, seat: SeatRef, text: &str) -> OrderCheck {
        let map = map();
        if !self.is_held(seat) {
            return refuse_every_line(text, "nobody holds this seat");
        }
        match (self.position().phase.kind, seat.role) {
            (PhaseKind::Adjustment, Role::HeadOfState) => self.adjustment_sheet(seat.power.0, text).0,
            (PhaseKind::Adjustment, _) => refuse_every_line(text, "builds and removals are the Head of State's"),
            _ => {
                let (power, extensions) = self.unit_sheet_rules(seat);
                let text = self.without_realm_prefixes(seat, text);
                check_sheet(map, self.position(), power, &text, &extensions)
            }
        }
    }

    /// A dual monarch may write `Germany: A mun - ruh` for his junior power's unit: the judge reads a
    /// sheet for one power, so the prefix of a power of his realm is dropped (line numbers kept).
    fn without_realm_prefixes(&self, seat: SeatRef, text: &str) -> String {
        if seat.role != Role::HeadOfState {
            return text.to_string();
        }
        let names: Vec<String> =
            self.realm(seat.power.0).into_iter().map(|power| map().power_name(power).to_lowercase()).collect();
        text.lines()
            .map(|line| match line.split_once(':') {
                Some((prefix, order)) if names.contains(&prefix.trim().to_lowercase()) => order,
                _ => line,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The orders each unit gets (rulings 2.2, CAB.10): its commander's, else the Head of State's backup;
    /// in a retreat, the Head of State's disband over anything. Returns the submissions and, for each
    /// Head of State, the backups that were used.
    pub(super) fn unit_submissions(
        &self,
        sheets: &BTreeMap<SeatRef, String>,
    ) -> (Vec<Submission>, Vec<(SeatRef, String)>) {
        let map = map();
        let mut commanders: BTreeMap<ProvinceId, Order> = BTreeMap::new();
        let mut backups: BTreeMap<ProvinceId, Order> = BTreeMap::new();
        for (seat, text) in sheets {
            let check = self.check_unit_orders(*seat, text);
            let (orders, _) = parse_orders(map, &check.sheet());
            let target = if seat.role == Role::HeadOfState { &mut backups } else { &mut commanders };
            for line in orders {
                if let Some(unit) = line.order.unit() {
                    target.insert(unit.at.province, line.order);
                }
            }
        }
        let retreat = self.position().phase.kind == PhaseKind::Retreat;
        let mut submissions = Vec::new();
        let mut used = Vec::new();
        for unit in self.ordered_units() {
            let province = map.province_of(unit.region);
            let commander = SeatRef::new(unit.power, Role::commanding(unit.kind));
            let backup = backups.get(&province).copied();
            let order = match (commanders.get(&province).copied(), backup) {
                (Some(_), Some(disband @ Order::Disband { .. })) if retreat => {
                    used.push((
                        self.head_seat(unit.power),
                        format!("Your disband overrode {commander}'s retreat order"),
                    ));
                    Some(disband)
                }
                (Some(order), _) => Some(order),
                (None, Some(order)) => {
                    if self.is_held(commander) {
                        used.push((
                            self.head_seat(unit.power),
                            format!("Your backup order `{}` was used: {commander} gave none", order.notation(map)),
                        ));
                    }
                    Some(order)
                }
                (None, None) => None,
            };
            submissions.extend(order.map(|order| Submission { power: Some(unit.power), order }));
        }
        (submissions, used)
    }

    /// Builds (positive) or removals (negative) due to a realm, pooled (CAB.4).
    pub(super) fn realm_due(&self, head: Power) -> i32 {
        let position = self.position();
        self.realm(head).iter().map(|power| position.centers_of(*power) as i32 - position.units_of(*power) as i32).sum()
    }

    /// The center counts that let each realm power build or remove up to the realm's pooled due, for
    /// checking a Head of State's sheet.
    fn pooled_counts(&self, head: Power) -> Vec<(Power, usize)> {
        let due = self.realm_due(head);
        let position = self.position();
        self.realm(head)
            .into_iter()
            .map(|power| (power, (position.units_of(power) as i32 + due).max(0) as usize))
            .collect()
    }

    /// Reads a Head of State's builds and removals for his whole realm: each line counts for the power
    /// whose home center it builds on or whose unit it removes, and the realm's pooled due caps them.
    pub(super) fn adjustment_sheet(&self, head: Power, text: &str) -> (OrderCheck, Vec<Submission>) {
        let map = map();
        let realm = self.realm(head);
        let due = self.realm_due(head);
        let (parsed, errors) = parse_orders(map, text);
        let mut check = OrderCheck::default();
        for error in errors {
            check.rejected.push(RejectedLine { line: error.line, text: error.input, reason: error.error.to_string() });
        }
        let (named_elsewhere, parsed): (Vec<_>, Vec<_>) =
            parsed.into_iter().partition(|line| line.power.is_some_and(|power| !realm.contains(&power)));
        for line in named_elsewhere {
            check.rejected.push(RejectedLine {
                line: line.line,
                text: line.input,
                reason: "this sheet orders only its own realm's builds and removals".to_string(),
            });
        }
        let trial_submissions: Vec<Submission> = parsed
            .iter()
            .map(|line| Submission {
                power: Some(self.adjusting_power(map, &realm, head, &line.order)),
                order: line.order,
            })
            .collect();
        let extensions = Extensions { center_counts: Some(self.pooled_counts(head)), ..Extensions::default() };
        let trial = adjudicate(map, self.position(), &trial_submissions, &extensions);
        let mut submissions = Vec::new();
        let mut counted = 0;
        for ((line, submission), result) in parsed.into_iter().zip(trial_submissions).zip(trial.results) {
            let refusal = match result.status {
                OrderStatus::Invalid(invalid) => Some(invalid.describe(map)),
                _ if counted >= due.unsigned_abs() => Some(if due > 0 {
                    format!("no builds left: the realm has {due}")
                } else {
                    format!("no removals left: the realm must remove {}", -due)
                }),
                _ => None,
            };
            match refusal {
                Some(reason) => check.rejected.push(RejectedLine { line: line.line, text: line.input, reason }),
                None => {
                    counted += 1;
                    check.accepted.push(AcceptedLine {
                        line: line.line,
                        text: line.order.notation(map),
                        plain: line.order.describe(map),
                    });
                    submissions.push(submission);
                }
            }
        }
        check.rejected.sort_by_key(|rejected| rejected.line);
        (check, submissions)
    }

    /// The realm power an adjustment line counts for: the home power of a build site, the owner of a
    /// removed unit; the head power otherwise (the judge then says what is wrong with the line).
    fn adjusting_power(&self, map: &Map, realm: &[Power], head: Power, order: &Order) -> Power {
        let found = match order {
            Order::Build { at, .. } => map.province(at.province).home_of,
            Order::Remove { unit } | Order::Disband { unit } => {
                self.position().unit_in(map, unit.at.province).map(|unit| unit.power)
            }
            _ => None,
        };
        found.filter(|power| realm.contains(power)).unwrap_or(head)
    }

    /// Every realm's builds and removals, and the center counts that make the judge carry out exactly
    /// those, with civil-disorder removals chosen across the whole realm (rulings 0.3, CAB.2, CAB.4).
    pub(super) fn adjustment_submissions(&self, sheets: &BTreeMap<SeatRef, String>) -> (Vec<Submission>, Extensions) {
        let map = map();
        let position = self.position();
        let mut submissions = Vec::new();
        let mut counts = Vec::new();
        for realm in self.realms() {
            let head = realm[0];
            let head_seat = SeatRef::new(head, Role::HeadOfState);
            let ordered = match sheets.get(&head_seat) {
                Some(text) if self.is_held(head_seat) => self.adjustment_sheet(head, text).1,
                _ => Vec::new(),
            };
            let removed: Vec<ProvinceId> = ordered
                .iter()
                .filter_map(|s| match s.order {
                    Order::Remove { unit } | Order::Disband { unit } => Some(unit.at.province),
                    _ => None,
                })
                .collect();
            let due = self.realm_due(head);
            let missing = if due < 0 { (-due) as usize - removed.len() } else { 0 };
            let disorder = pooled_civil_disorder(map, position, &realm, &removed, missing);
            for power in &realm {
                let built = ordered
                    .iter()
                    .filter(|s| s.power == Some(*power) && matches!(s.order, Order::Build { .. }))
                    .count();
                let gone = ordered
                    .iter()
                    .filter(|s| {
                        s.power == Some(*power) && matches!(s.order, Order::Remove { .. } | Order::Disband { .. })
                    })
                    .count();
                let lost = disorder.iter().filter(|unit| unit.power == *power).count();
                counts.push((*power, position.units_of(*power) + built - gone - lost));
            }
            submissions.extend(ordered);
        }
        (submissions, Extensions { center_counts: Some(counts), ..Extensions::default() })
    }

    /// The center counts under which the judge would hold a Winter exactly when some realm has something
    /// to decide: a removal, or a build with a Head of State to make it.
    pub(super) fn winter_counts(&self) -> Vec<(Power, usize)> {
        let position = self.position();
        let mut counts = Vec::new();
        for realm in self.realms() {
            let due = self.realm_due(realm[0]);
            let builds = due > 0 && self.is_held(SeatRef::new(realm[0], Role::HeadOfState));
            let mut removal_shown = false;
            for power in realm {
                let units = position.units_of(power);
                let count = if builds {
                    units + due as usize
                } else if due < 0 && units > 0 && !removal_shown {
                    removal_shown = true;
                    units - 1
                } else {
                    units
                };
                counts.push((power, count));
            }
        }
        counts
    }
}

/// The rulebook's civil disorder across the powers of a realm: the units farthest from their own home
/// centers go first, fleets before armies, then by province name; the judge's own order, so that the
/// judge, told how many each power loses, picks the same units.
fn pooled_civil_disorder(
    map: &Map,
    position: &Position,
    realm: &[Power],
    removed: &[ProvinceId],
    count: usize,
) -> Vec<Unit> {
    let mut candidates: Vec<(u32, judge::UnitType, &str, Unit)> = position
        .units
        .iter()
        .filter(|unit| realm.contains(&unit.power) && !removed.contains(&map.province_of(unit.region)))
        .map(|unit| {
            let mut homes = judge::geo::Set128::default();
            for center in map.home_centers(unit.power) {
                homes.insert(center.0);
            }
            let distance = map.unit_distance(unit.kind, unit.region, homes).unwrap_or(u32::MAX);
            (distance, unit.kind, map.province_key(map.province_of(unit.region)), *unit)
        })
        .collect();
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    candidates.into_iter().take(count).map(|(_, _, _, unit)| unit).collect()
}

fn refuse_every_line(text: &str, reason: &str) -> OrderCheck {
    let rejected = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim().starts_with('#'))
        .map(|(index, line)| RejectedLine {
            line: index + 1,
            text: line.trim().to_string(),
            reason: reason.to_string(),
        })
        .collect();
    OrderCheck { accepted: Vec::new(), rejected }
}
