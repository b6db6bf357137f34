//! One turn of Terrorism I, as the sheet's rule 15 orders it: 1 income, 2 cedes, 3 levies, 4 military
//! moves, 5 retreats, 6 builds, 7 contributions, 8 establishments, 9 attrition. When units are dislodged
//! the turn stops after step 4 and resumes with the retreat orders; steps 6 to 9 then run from the order
//! sheets the players gave with their moves.
//!
//! Steps 2, 3, 7 and 8 live in `groups` and `agencies`, the auction that opens a turn in `auction`.

use std::collections::BTreeMap;

use judge::{OrderStatus, UnitType, adjudicate};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::Bridge;
use super::names::{Piece, Province, by_distance_from, distance_home, great_powers, map, original_capital};
use super::orders::{Extra, ExtraLine, Reading, Sheet, read_sheet};
use super::state::{Purse, Stage, State, Unit};
use super::treasury::{BUILD_COST, DEMOB_YIELD, UPKEEP, attrition, demobs_needed};
use crate::kind::{BoardUnit, Processed, Report, ReportLine, ResultWord, SeatIndex};

/// The working state of a turn being processed, with everything it reports.
pub struct Run {
    pub state: State,
    /// Each player's sheet for the turn, by the player's Great Power.
    pub sheets: BTreeMap<String, Sheet>,
    pub rng: ChaCha8Rng,
    pub public: Report,
    /// Private reports by player.
    pub private: BTreeMap<String, Report>,
    /// Demob lines already acted on, so they are not reported as unused.
    used_demobs: Vec<(String, usize)>,
    /// Cede lines (player, line number) left for after the retreats.
    pub held_cedes: Vec<(String, usize)>,
    /// Founding lines (player, line number) whose money step 7 took (TER.7).
    pub founding_paid: Vec<(String, usize)>,
}

/// The player (Great Power) that a seat plays: seats are numbered like the judge's powers.
pub fn player_of_seat(seat: SeatIndex) -> Option<&'static str> {
    great_powers().nth(usize::from(seat.0))
}

pub fn seat_of_player(player: &str) -> Option<SeatIndex> {
    great_powers().position(|name| name == player).map(|index| SeatIndex(index as u16))
}

/// Processes the current stage of the turn with every seat's order text.
pub fn process(state: &State, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<State> {
    let texts: BTreeMap<String, String> =
        orders.iter().filter_map(|(seat, text)| Some((player_of_seat(*seat)?.to_string(), text.clone()))).collect();
    let mut run = Run {
        state: state.clone(),
        sheets: BTreeMap::new(),
        rng: ChaCha8Rng::seed_from_u64(seed),
        public: Report::default(),
        private: BTreeMap::new(),
        used_demobs: Vec::new(),
        held_cedes: Vec::new(),
        founding_paid: Vec::new(),
    };
    match &state.stage {
        Stage::Orders => {
            run.steps_one_to_four(&texts);
            if run.retreats_to_decide() {
                run.wait_for_retreats();
            } else {
                run.disband_unordered_retreats();
                run.finish_turn();
            }
        }
        Stage::Retreats { sheets, held_cedes } => {
            run.read_sheets(sheets, Reading::Resume);
            run.held_cedes = held_cedes.clone();
            run.retreats(&texts);
            run.finish_turn();
        }
    }
    run.into_processed()
}

impl Run {
    /// Everything before the retreats, from the turn's sheets; an auction opens the turn (TER.6).
    fn steps_one_to_four(&mut self, texts: &BTreeMap<String, String>) {
        self.read_sheets(texts, Reading::Turn);
        self.report_rejected_lines();
        self.auctions();
        self.drop_lines_of_unwon_nations();
        self.income_and_upkeep();
        self.cedes();
        self.levies();
        self.renames();
        self.report_unused_demobs();
        self.moves();
    }

    /// Step 5 needs orders: the lines accepted for steps 6 to 9 wait in the state until they come.
    fn wait_for_retreats(&mut self) {
        let held_cedes = std::mem::take(&mut self.held_cedes);
        let sheets = self.sheets.iter().map(|(player, sheet)| (player.clone(), sheet.extras_text())).collect();
        self.state.stage = Stage::Retreats { sheets, held_cedes };
    }

    /// Step 5 with nobody to order it: dislodged units of unbought nations disband.
    fn disband_unordered_retreats(&mut self) {
        if !self.state.dislodged.is_empty() {
            self.state.stage = Stage::Retreats { sheets: BTreeMap::new(), held_cedes: Vec::new() };
            self.retreats(&BTreeMap::new());
        }
    }

    fn read_sheets(&mut self, texts: &BTreeMap<String, String>, reading: Reading) {
        self.sheets = texts
            .iter()
            .map(|(player, text)| (player.clone(), read_sheet(&self.state, player, text, reading)))
            .collect();
    }

    fn report_rejected_lines(&mut self) {
        let rejected: Vec<(String, ReportLine)> = self
            .sheets
            .iter()
            .flat_map(|(player, sheet)| {
                sheet.rejected.iter().map(move |line| {
                    (
                        player.clone(),
                        ReportLine {
                            by: player.clone(),
                            order: line.text.clone(),
                            result: ResultWord::Invalid,
                            reason: line.reason.clone(),
                        },
                    )
                })
            })
            .collect();
        for (player, line) in rejected {
            self.private.entry(player).or_default().orders.push(line);
        }
    }

    /// Steps 5 to 9, then the next turn.
    fn finish_turn(&mut self) {
        self.after_retreats();
        self.builds();
        self.contributions();
        self.establishments();
        self.attrition();
        self.publish_treasuries();
        self.state.turn = self.state.turn.next();
        self.state.stage = Stage::Orders;
    }

    fn into_processed(self) -> Processed<State> {
        let private =
            self.private.into_iter().filter_map(|(player, report)| Some((seat_of_player(&player)?, report))).collect();
        Processed { next: self.state, public: self.public, private }
    }

    pub fn event(&mut self, text: String) {
        self.public.events.push(text);
    }

    pub fn tell(&mut self, player: &str, text: String) {
        self.private.entry(player.to_string()).or_default().events.push(text);
    }

    /// Reports an extra line's fate to the player who wrote it.
    pub fn answer(&mut self, player: &str, line: &ExtraLine, result: Result<String, String>) {
        let (result, reason) = match result {
            Ok(note) => (ResultWord::Succeeds, note),
            Err(reason) => (ResultWord::Fails, reason),
        };
        let by = match &line.source {
            Purse::Power(name) | Purse::Agency(name) => name.clone(),
            Purse::Group(province) => province.to_string(),
        };
        // The line's text starts with the acting purse's name when one was written: `by` says it already.
        let order = line.text.strip_prefix(&format!("{by}: ")).unwrap_or(&line.text).to_string();
        self.private.entry(player.to_string()).or_default().orders.push(ReportLine { by, order, result, reason });
    }

    /// Every extra line of every sheet that `pick` selects, with its player, in sheet order.
    pub fn lines_where(&self, pick: impl Fn(&Extra) -> bool) -> Vec<(String, ExtraLine)> {
        self.sheets
            .iter()
            .flat_map(|(player, sheet)| sheet.extras.iter().map(move |line| (player.clone(), line.clone())))
            .filter(|(_, line)| pick(&line.order))
            .collect()
    }

    /// Step 1: a new capital where one is missing (TER.2), income (rule 2), then upkeep (rulings 3.1).
    fn income_and_upkeep(&mut self) {
        self.name_missing_capitals();
        let units_at_start: Vec<(String, u32)> = self
            .state
            .purses()
            .into_iter()
            .filter_map(|purse| match purse {
                Purse::Power(power) => Some((power.clone(), self.state.units_of(&power) as u32)),
                Purse::Agency(_) | Purse::Group(_) => None,
            })
            .collect();
        for (power, _) in &units_at_start {
            let income = self.state.income_of(power);
            self.state.credit(&Purse::Power(power.clone()), income);
            self.event(format!("{power} receives {income} in income"));
        }
        for (power, units) in units_at_start {
            if units > 0 && self.is_in_game(&power) {
                self.event(format!("{power} pays {} in upkeep for {units} units", units * UPKEEP));
                self.charge(&power, units * UPKEEP);
            }
        }
    }

    fn is_in_game(&self, power: &str) -> bool {
        match self.state.powers.get(power) {
            Some(great) => !great.eliminated,
            None => self.state.nation(power).is_some(),
        }
    }

    /// TER.2: a power whose capital was taken names a new one, else the nearest owned center is chosen.
    fn name_missing_capitals(&mut self) {
        let missing: Vec<String> = self
            .state
            .powers
            .iter()
            .filter(|(_, great)| !great.eliminated && great.capital.is_none())
            .map(|(name, _)| name.clone())
            .collect();
        for power in missing {
            let named = self.lines_where(|order| matches!(order, Extra::Capital { .. }));
            let chosen = named.into_iter().rev().find_map(|(player, line)| match line.order {
                Extra::Capital { at }
                    if player == power && at.is_center() && self.state.owner(at) == Some(power.as_str()) =>
                {
                    Some(at)
                }
                _ => None,
            });
            let capital = chosen.or_else(|| self.nearest_owned_center(&power));
            if let Some(capital) = capital {
                self.state.powers.get_mut(&power).expect("listed above").capital = Some(capital);
                self.event(format!("{power} makes {} its capital", capital.name()));
            }
        }
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Capital { .. })) {
            let Extra::Capital { at } = line.order else { continue };
            let result = match self.state.powers.get(&player).and_then(|great| great.capital) {
                Some(capital) if capital == at => Ok(format!("{} is your capital", at.name())),
                _ => Err(format!("{} is not an owned center that could be your capital now", at.name())),
            };
            self.answer(&player, &line, result);
        }
    }

    fn nearest_owned_center(&self, power: &str) -> Option<Province> {
        let from = original_capital(power)?;
        by_distance_from(from)
            .into_iter()
            .map(|(_, province)| province)
            .find(|province| province.is_center() && self.state.owner(*province) == Some(power))
    }

    /// Takes `amount` from a power's treasury, demobilising units at 2 each when it falls short (rule 8,
    /// TER.5): the units the power named first, in its order, then by civil disorder. When even every
    /// unit is not enough, the power is out of the game.
    pub fn charge(&mut self, power: &str, amount: u32) {
        let purse = Purse::Power(power.to_string());
        let balance = self.state.balance(&purse).unwrap_or(0);
        if balance >= amount {
            self.state.debit(&purse, amount);
            return;
        }
        let needed = demobs_needed(amount - balance) as usize;
        let candidates = self.demob_order(power);
        if candidates.len() < needed {
            self.event(format!("{power} cannot pay {amount}, even by demobilising every unit"));
            self.eliminate(power);
            return;
        }
        for (province, line) in candidates.into_iter().take(needed) {
            if let Some(line) = line {
                self.used_demobs.push((power.to_string(), line));
            }
            if let Some(index) = self.state.units.iter().position(|unit| unit.piece.province() == province) {
                let unit = self.state.units.remove(index);
                self.event(format!("{power} demobilises its {} to pay its debts", unit.piece));
            }
        }
        self.state.credit(&purse, needed as u32 * DEMOB_YIELD);
        self.state.debit(&purse, amount);
    }

    /// The power's units in the order they go: named ones first, then the rulebook's civil disorder
    /// (farthest from home, fleets before armies, then by province), with the named ones' line numbers.
    fn demob_order(&self, power: &str) -> Vec<(Province, Option<usize>)> {
        let player = self.state.controller_of(power).map(str::to_string);
        let named: Vec<(usize, Province)> = player
            .and_then(|player| self.sheets.get(&player))
            .map(|sheet| {
                sheet
                    .lines(&Purse::Power(power.to_string()))
                    .filter_map(|line| match line.order {
                        Extra::Demob { at } => Some((line.line, at)),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut order: Vec<(Province, Option<usize>)> = Vec::new();
        for (line, at) in named {
            if self.state.unit_in(at).is_some_and(|unit| unit.power == power) && !order.iter().any(|(p, _)| *p == at) {
                order.push((at, Some(line)));
            }
        }
        let homes = self.state.homes_of(power);
        let mut rest: Vec<Piece> = self
            .state
            .units
            .iter()
            .filter(|unit| unit.power == power && !order.iter().any(|(p, _)| *p == unit.piece.province()))
            .map(|unit| unit.piece)
            .collect();
        rest.sort_by(|a, b| {
            distance_home(*b, &homes)
                .cmp(&distance_home(*a, &homes))
                .then((b.kind == UnitType::Fleet).cmp(&(a.kind == UnitType::Fleet)))
                .then(a.province().key().cmp(b.province().key()))
        });
        order.extend(rest.into_iter().map(|piece| (piece.province(), None)));
        order
    }

    fn report_unused_demobs(&mut self) {
        let lines = self.lines_where(|order| matches!(order, Extra::Demob { .. }));
        for (player, line) in lines {
            let Purse::Power(power) = &line.source else { continue };
            let used = self.used_demobs.contains(&(power.clone(), line.line));
            let result = if used {
                Ok("demobilised to pay".to_string())
            } else {
                Err("not needed: the treasury covered the costs".to_string())
            };
            self.answer(&player, &line, result);
        }
    }

    /// Rule 8: a Great Power that cannot pay leaves the game. Its provinces with groups are ceded to
    /// them (TER.5), its other provinces become unowned, its treasury and agencies vanish.
    pub fn eliminate(&mut self, power: &str) {
        if self.state.nation(power).is_some() {
            self.revert_nation(power);
            return;
        }
        self.state.units.retain(|unit| unit.power != power);
        self.state.dislodged.retain(|unit| unit.power != power);
        let owned: Vec<Province> =
            self.state.owners.iter().filter(|(_, owner)| owner.as_str() == power).map(|(p, _)| *p).collect();
        for province in owned {
            if self.state.group_at(province).is_some() {
                self.cede(province, power);
            } else {
                self.state.owners.remove(&province);
            }
        }
        self.state.agencies.retain(|agency| agency.owner != power);
        if let Some(great) = self.state.powers.get_mut(power) {
            great.eliminated = true;
            great.treasury = 0;
            great.capital = None;
        }
        self.event(format!("{power} is out of the game"));
    }

    /// Rulings 0.2: a retreat stage only when someone can order a retreat; units of a nation nobody has
    /// bought have nobody to retreat them.
    fn retreats_to_decide(&self) -> bool {
        self.state.dislodged.iter().any(|unit| self.state.controller_of(&unit.power).is_some())
    }

    /// Step 4 through the judge.
    fn moves(&mut self) {
        let bridge = Bridge::new(&self.state);
        let position = bridge.position(&self.state);
        let extensions = bridge.extensions(&self.state);
        let submissions: Vec<judge::Submission> =
            self.sheets.iter().flat_map(|(player, sheet)| bridge.submissions(player, &sheet.unit_text)).collect();
        let adjudication = adjudicate(map(), &position, &submissions, &extensions);
        self.report_unit_orders(&bridge, &position, &submissions, &adjudication.results);
        for dislodged in &adjudication.next.dislodged {
            self.event(format!(
                "{}'s {} was dislodged from {}",
                bridge.name(dislodged.unit.power),
                Piece { kind: dislodged.unit.kind, region: dislodged.unit.region },
                Province(dislodged.attacked_from)
            ));
        }
        self.report_destroyed(&bridge, &adjudication.destroyed);
        self.state.units = bridge.read_units(&adjudication.next.units);
        self.state.dislodged = bridge.read_dislodged(&adjudication.next);
        self.state.contested = adjudication.next.contested.iter().map(|p| Province(*p)).collect();
    }

    /// Step 5 through the judge.
    fn retreats(&mut self, texts: &BTreeMap<String, String>) {
        let bridge = Bridge::new(&self.state);
        let position = bridge.position(&self.state);
        let extensions = bridge.extensions(&self.state);
        let mut submissions = Vec::new();
        for (player, text) in texts {
            let sheet = read_sheet(&self.state, player, text, Reading::Retreats);
            for rejected in &sheet.rejected {
                let line = ReportLine {
                    by: player.clone(),
                    order: rejected.text.clone(),
                    result: ResultWord::Invalid,
                    reason: rejected.reason.clone(),
                };
                self.private.entry(player.clone()).or_default().orders.push(line);
            }
            submissions.extend(bridge.submissions(player, &sheet.unit_text));
        }
        let adjudication = adjudicate(map(), &position, &submissions, &extensions);
        self.report_unit_orders(&bridge, &position, &submissions, &adjudication.results);
        self.report_destroyed(&bridge, &adjudication.destroyed);
        self.state.units = bridge.read_units(&adjudication.next.units);
        self.state.dislodged.clear();
        self.state.contested.clear();
    }

    /// A valid unit order is public under the power whose unit it orders, never under the player who
    /// wrote it: a nation's buyer stays secret. An invalid one goes only to the player who wrote it, as
    /// it may name a unit the writer does not command.
    fn report_unit_orders(
        &mut self,
        bridge: &Bridge,
        position: &judge::Position,
        submissions: &[judge::Submission],
        results: &[judge::OrderResult],
    ) {
        let map = map();
        let ordered: Vec<judge::Unit> = match position.phase.kind {
            judge::PhaseKind::Retreat => position.dislodged.iter().map(|d| d.unit).collect(),
            judge::PhaseKind::Movement | judge::PhaseKind::Adjustment => position.units.clone(),
        };
        for (submission, result) in submissions.iter().zip(results) {
            let writer = submission.power.map_or_else(String::new, |p| bridge.name(p).to_string());
            let unit_power = submission.order.unit().and_then(|unit| {
                ordered.iter().find(|u| map.province_of(u.region) == unit.at.province).map(|u| u.power)
            });
            let (by, word) = match &result.status {
                OrderStatus::Succeeds => (unit_power, ResultWord::Succeeds),
                OrderStatus::Fails(_) => (unit_power, ResultWord::Fails),
                OrderStatus::Invalid(_) => (None, ResultWord::Invalid),
            };
            let report = ReportLine {
                by: by.map_or_else(|| writer.clone(), |p| bridge.name(p).to_string()),
                order: submission.order.notation(map),
                result: word,
                reason: bridge.describe(&result.status),
            };
            match word {
                ResultWord::Invalid => self.private.entry(writer).or_default().orders.push(report),
                ResultWord::Succeeds | ResultWord::Fails => self.public.orders.push(report),
            }
        }
    }

    fn report_destroyed(&mut self, bridge: &Bridge, destroyed: &[judge::Unit]) {
        for unit in destroyed {
            let piece = Piece { kind: unit.kind, region: unit.region };
            self.event(format!("{}'s {piece} was destroyed", bridge.name(unit.power)));
            self.public.removed.push(BoardUnit {
                power: bridge.name(unit.power).to_string(),
                kind: unit.kind.letter(),
                region: map().region_key(unit.region),
            });
        }
    }

    /// After step 5: ownership by last occupation (rulings 3.2), conquered nations (TER.6), captured and
    /// recaptured capitals (rule 2, TER.2), cedes held over from step 2 (TER.3), and victory (TER.8).
    fn after_retreats(&mut self) {
        let occupied: Vec<(Province, String)> =
            self.state.units.iter().map(|unit| (unit.piece.province(), unit.power.clone())).collect();
        for (province, power) in occupied {
            self.state.owners.insert(province, power);
        }
        let conquered: Vec<String> = self
            .state
            .nations
            .iter()
            .filter(|n| self.state.owner(n.province).is_some_and(|owner| self.state.is_great_power(owner)))
            .map(|n| n.name.clone())
            .collect();
        for nation in conquered {
            self.event(format!("{nation} is conquered"));
            self.revert_nation(&nation);
        }
        self.capture_capitals();
        self.held_over_cedes();
        self.check_victory();
    }

    fn capture_capitals(&mut self) {
        let powers: Vec<String> = self.state.powers.keys().cloned().collect();
        for power in powers {
            let great = &self.state.powers[&power];
            if great.eliminated {
                continue;
            }
            if let Some(capital) = great.capital
                && let Some(captor) = self.state.owner(capital).filter(|owner| *owner != power).map(str::to_string)
            {
                let plunder = great.treasury;
                let great = self.state.powers.get_mut(&power).expect("listed above");
                great.treasury = 0;
                great.capital = None;
                self.state.credit(&Purse::Power(captor.clone()), plunder);
                self.event(format!(
                    "{captor} captures {}, {power}'s capital, and plunders its treasury of {plunder}",
                    capital.name()
                ));
            }
            let original = original_capital(&power).expect("every Great Power has a capital");
            let great = self.state.powers.get_mut(&power).expect("listed above");
            if great.capital != Some(original) && self.state.owners.get(&original) == Some(&power) {
                great.capital = Some(original);
                self.event(format!("{power} recaptures {} and moves its treasury back there", original.name()));
            }
        }
    }

    fn check_victory(&mut self) {
        if self.state.winner.is_some() {
            return;
        }
        let threshold = map().victory_threshold();
        let winner = great_powers()
            .map(|power| (self.state.centers_of(power), power))
            .filter(|(centers, _)| *centers >= threshold)
            .max();
        if let Some((centers, power)) = winner {
            self.state.winner = Some(power.to_string());
            self.event(format!("{power} wins with {centers} centers"));
        }
    }

    /// Step 6 (rule 3): on the power's own home provinces, not subject to terrorism, not owned by
    /// another power, empty, for 3 each.
    fn builds(&mut self) {
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Build { .. })) {
            let result = self.build(&line);
            self.answer(&player, &line, result);
        }
    }

    fn build(&mut self, line: &ExtraLine) -> Result<String, String> {
        let (Extra::Build { kind, region }, Purse::Power(power)) = (&line.order, &line.source) else {
            return Err("only a power builds".to_string());
        };
        let piece = Piece { kind: *kind, region: *region };
        let site = piece.province();
        if !self.is_in_game(power) {
            return Err(format!("{power} is no longer in the game"));
        }
        if self.state.owner(site).is_some_and(|owner| owner != power) {
            return Err(format!("{site} is owned by another power"));
        }
        if self.state.group_at(site).is_some() {
            return Err(format!("{site} is subject to terrorism"));
        }
        if self.state.unit_in(site).is_some() {
            return Err(format!("{site} is occupied"));
        }
        if !self.state.debit(&Purse::Power(power.clone()), BUILD_COST) {
            return Err(format!("{power} cannot pay {BUILD_COST}"));
        }
        self.state.units.push(Unit { power: power.clone(), piece });
        self.state.owners.insert(site, power.clone());
        self.event(format!("{power} builds {piece}"));
        Ok(format!("built for {BUILD_COST}"))
    }

    /// Step 9 (rule 13, rulings 3.4), for every treasury, agency and group.
    fn attrition(&mut self) {
        for purse in self.state.purses() {
            let loss = attrition(self.state.balance(&purse).unwrap_or(0));
            if loss == 0 {
                continue;
            }
            self.state.debit(&purse, loss);
            match &purse {
                Purse::Agency(name) => {
                    let owner = self.state.agency(name).map(|agency| agency.owner.clone());
                    if let Some(owner) = owner {
                        self.tell(&owner, format!("Attrition: your agency {name} loses {loss}"));
                    }
                }
                Purse::Power(name) => self.event(format!("Attrition: {name} loses {loss}")),
                Purse::Group(province) => {
                    let name = self.state.group_at(*province).map(|group| group.name.clone()).unwrap_or_default();
                    self.event(format!("Attrition: {name} ({province}) loses {loss}"));
                }
            }
        }
    }

    /// Rule 2: every nation's and group's treasury is published each turn; agencies only to their owners.
    fn publish_treasuries(&mut self) {
        let mut public = Vec::new();
        for (name, great) in &self.state.powers {
            if !great.eliminated {
                public.push(format!("Treasury of {name}: {}", great.treasury));
            }
        }
        for nation in &self.state.nations {
            public.push(format!("Treasury of {}: {}", nation.name, nation.treasury));
        }
        for group in &self.state.groups {
            public.push(format!("Treasury of {} ({}): {}", group.name, group.province, group.treasury));
        }
        self.public.events.extend(public);
        let agencies: Vec<(String, String)> = self
            .state
            .agencies
            .iter()
            .map(|agency| (agency.owner.clone(), format!("Your agency {} holds {}", agency.name, agency.balance)))
            .collect();
        for (owner, text) in agencies {
            self.tell(&owner, text);
        }
    }
}
