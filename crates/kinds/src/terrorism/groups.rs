//! Terrorist groups: cedes that turn them into nations (rule 11) and nations that fall back into groups,
//! levies (rules 7 to 10), contributions and control (rule 5), and establishment (rule 4, TER.4).

use std::collections::BTreeMap;

use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};

use super::names::Province;
use super::orders::{Extra, ExtraLine};
use super::state::{Group, Nation, Purse, State};
use super::treasury::{FOUNDING_MINIMUM, levy_maximum};
use super::turn::Run;

/// One attempt to found a group: every FOUND line naming the same province and group name (TER.4).
struct Attempt {
    at: Province,
    name: String,
    members: Vec<(String, ExtraLine, u32)>,
}

impl Run {
    /// Step 2 (rule 11). A cede whose power still has a unit in the province waits until after step 5:
    /// the unit may move out and the province be ceded in the same turn (rule 10, TER.3).
    pub fn cedes(&mut self) {
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Cede { .. })) {
            let (Extra::Cede { at }, Purse::Power(power)) = (&line.order, &line.source) else { continue };
            if self.state.unit_in(*at).is_some_and(|unit| &unit.power == power) {
                self.held_cedes.push((player, line.line));
                continue;
            }
            let result = self.try_cede(*at, power);
            self.answer(&player, &line, result);
        }
    }

    /// The cedes held over from step 2, after the retreats.
    pub fn held_over_cedes(&mut self) {
        let held = std::mem::take(&mut self.held_cedes);
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Cede { .. })) {
            if !held.contains(&(player.clone(), line.line)) {
                continue;
            }
            let (Extra::Cede { at }, Purse::Power(power)) = (&line.order, &line.source) else { continue };
            let result = self.try_cede(*at, power);
            self.answer(&player, &line, result);
        }
    }

    fn try_cede(&mut self, at: Province, power: &str) -> Result<String, String> {
        if self.state.owner(at) != Some(power) {
            Err(format!("{power} does not own {at}"))
        } else if self.state.group_at(at).is_none() {
            Err(format!("no terrorist group is based in {at}"))
        } else if self.state.unit_in(at).is_some_and(|unit| unit.power == power) {
            Err(format!("{power} still has a unit in {at}"))
        } else {
            let nation = self.cede(at, power);
            Ok(format!("{at} is now the independent nation {nation}"))
        }
    }

    /// The group in `at` becomes a nation with the group's treasury, up for auction (rule 11).
    pub fn cede(&mut self, at: Province, ceded_by: &str) -> String {
        let index = self.state.groups.iter().position(|g| g.province == at).expect("checked by the caller");
        let group = self.state.groups.remove(index);
        let name = format!("Free {}", at.name());
        self.state.nations.push(Nation {
            name: name.clone(),
            province: at,
            group_name: group.name.clone(),
            treasury: group.treasury,
            controller: None,
            ceded_by: ceded_by.to_string(),
        });
        self.state.owners.insert(at, name.clone());
        self.event(format!(
            "{ceded_by} cedes {} to {}: it is now the independent nation {name}, to be auctioned",
            at.name(),
            group.name
        ));
        name
    }

    /// Rule 11: a conquered (or bankrupt) nation's province and treasury revert to its group; its units go
    /// and the other provinces it held become unowned.
    pub fn revert_nation(&mut self, name: &str) {
        let Some(index) = self.state.nations.iter().position(|n| n.name == name) else { return };
        let nation = self.state.nations.remove(index);
        self.state.units.retain(|unit| unit.power != nation.name);
        self.state.dislodged.retain(|unit| unit.power != nation.name);
        self.state.owners.retain(|_, owner| *owner != nation.name);
        self.state.groups.push(Group {
            name: nation.group_name.clone(),
            province: nation.province,
            treasury: nation.treasury,
            founded: self.state.turn,
            controller: nation.controller,
        });
        self.event(format!("{} is a terrorist group in {} again", nation.group_name, nation.province.name()));
    }

    /// TER.8: a controller may rename its group; done with the levies, the controller's other order.
    pub fn renames(&mut self) {
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Rename { .. })) {
            let Extra::Rename { at, name } = &line.order else { continue };
            let result = match self.state.groups.iter_mut().find(|g| g.province == *at) {
                Some(group) if group.controller.as_deref() == Some(player.as_str()) => {
                    let old = std::mem::replace(&mut group.name, name.clone());
                    Ok(format!("{old} is now called {name}"))
                }
                _ => Err(format!("you do not control a group in {at}")),
            };
            if let Ok(note) = &result {
                self.event(format!("The group in {} renames itself: {note}", at.name()));
            }
            self.answer(&player, &line, result);
        }
    }

    /// Step 3 (rules 7 to 10, TER.5): each group's owner pays up to half its treasury, as its controller
    /// decrees, unless the owner's unit stands in the province; all levies on a power are paid together.
    pub fn levies(&mut self) {
        let mut decrees = self.lines_where(|order| matches!(order, Extra::Levy { .. }));
        let mut due: BTreeMap<String, u32> = BTreeMap::new();
        for group in self.state.groups.clone() {
            let mine = |(player, line): &(String, ExtraLine)| {
                matches!(line.order, Extra::Levy { at, .. } if at == group.province)
                    && group.controller.as_deref() == Some(player.as_str())
            };
            let (mut decreed, others): (Vec<_>, Vec<_>) = decrees.into_iter().partition(mine);
            decrees = others;
            let decree = decreed.pop();
            for (player, line) in decreed {
                self.answer(&player, &line, Err("replaced by a later LEVY line".to_string()));
            }
            let maximum = levy_maximum(group.treasury);
            let amount = match &decree {
                Some((_, ExtraLine { order: Extra::Levy { amount, .. }, .. })) => (*amount).min(maximum),
                _ => maximum,
            };
            let owner = self.state.owner(group.province).map(str::to_string);
            let result = match (self.state.levy_refusal(group.province), &owner) {
                (Some(reason), _) => Err(reason),
                (None, Some(owner)) => Ok(format!("{owner} pays {amount}")),
                (None, None) => continue,
            };
            if let Some((player, line)) = decree {
                self.answer(&player, &line, result.clone());
            }
            let (Ok(_), Some(owner)) = (result, owner) else { continue };
            if amount == 0 {
                continue;
            }
            self.event(format!("{owner} pays a levy of {amount} for {} in {}", group.name, group.province.name()));
            *due.entry(owner).or_default() += amount;
        }
        for (player, line) in decrees {
            self.answer(&player, &line, Err("no group of yours levies there this turn".to_string()));
        }
        for (power, amount) in due {
            if self.state.balance(&Purse::Power(power.clone())).is_some() {
                self.charge(&power, amount);
            }
        }
    }

    /// Part of step 7 (rule 5): adds a contribution and remembers who gave it, for control.
    pub fn contribute(
        &mut self,
        player: &str,
        line: &ExtraLine,
        given: &mut BTreeMap<Province, BTreeMap<String, u32>>,
    ) -> Result<String, String> {
        let Extra::Contribute { at, amount } = line.order else { unreachable!("only contributions come here") };
        let name = self
            .state
            .group_at(at)
            .map(|group| group.name.clone())
            .ok_or(format!("no terrorist group is based in {at}"))?;
        if !self.state.debit(&line.source, amount) {
            return Err(format!("not enough money for {amount}"));
        }
        self.state.credit(&Purse::Group(at), amount);
        *given.entry(at).or_default().entry(player.to_string()).or_default() += amount;
        Ok(format!("{name} receives {amount}"))
    }

    /// Rule 5: control passes to the largest contributor of the turn (ties drawn), else stays.
    pub fn settle_control(&mut self, given: BTreeMap<Province, BTreeMap<String, u32>>) {
        for (at, by_player) in given {
            let most = by_player.values().copied().max().unwrap_or(0);
            let tied: Vec<String> =
                by_player.into_iter().filter(|(_, amount)| *amount == most).map(|(player, _)| player).collect();
            let Some(controller) = tied.choose(&mut self.rng).cloned() else { continue };
            let Some(group) = self.state.groups.iter_mut().find(|g| g.province == at) else { continue };
            group.controller = Some(controller.clone());
            let text = format!("You control {} in {} from now on", group.name, at.name());
            self.tell(&controller, text);
        }
    }

    /// Step 8 (rule 4, TER.4): each attempt on a province, in seeded random order; the first success
    /// founds the group and later attempts there are void.
    pub fn establishments(&mut self) {
        let permits = self.lines_where(|order| matches!(order, Extra::Permit { .. }));
        for (player, line) in &permits {
            self.answer(player, line, Ok("noted for this turn".to_string()));
        }
        let mut attempts = self.attempts();
        attempts.shuffle(&mut self.rng);
        attempts.sort_by_key(|attempt| attempt.at);
        for attempt in attempts {
            self.attempt(attempt, &permits);
        }
    }

    fn attempts(&self) -> Vec<Attempt> {
        let mut attempts: Vec<Attempt> = Vec::new();
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Found { .. })) {
            let Extra::Found { at, amount, name } = &line.order else { continue };
            let (at, amount) = (*at, *amount);
            match attempts.iter_mut().find(|a| a.at == at && a.name.eq_ignore_ascii_case(name)) {
                Some(attempt) => attempt.members.push((player, line, amount)),
                None => attempts.push(Attempt { at, name: name.clone(), members: vec![(player, line, amount)] }),
            }
        }
        attempts
    }

    fn attempt(&mut self, attempt: Attempt, permits: &[(String, ExtraLine)]) {
        let paying: Vec<(String, ExtraLine, u32)> = attempt
            .members
            .iter()
            .filter(|(player, line, _)| self.founding_paid.contains(&(player.clone(), line.line)))
            .cloned()
            .collect();
        if paying.is_empty() {
            return;
        }
        let total: u32 = paying.iter().map(|(_, _, amount)| amount).sum();
        let allowed = self.founding_allowed(&attempt, permits).and_then(|()| match total > FOUNDING_MINIMUM {
            true => Ok(()),
            false => Err(format!("the founders paid {total} in all, not more than {FOUNDING_MINIMUM}")),
        });
        if let Err(reason) = allowed {
            for (player, line, amount) in &paying {
                self.refund(player, line, *amount);
                self.answer(player, line, Err(format!("{reason}: void, the money is returned")));
            }
            return;
        }
        let die: u32 = self.rng.random_range(1..=6);
        if die > total {
            for (player, line, _) in &paying {
                self.answer(player, line, Err(format!("the die showed {die}, more than {total}: the money is spent")));
            }
            return;
        }
        let mut players: Vec<String> = paying.iter().map(|(player, _, _)| player.clone()).collect();
        players.sort();
        players.dedup();
        let controller = players.choose(&mut self.rng).cloned();
        self.state.groups.push(Group {
            name: attempt.name.clone(),
            province: attempt.at,
            treasury: total,
            founded: self.state.turn,
            controller: controller.clone(),
        });
        for (player, line, _) in &paying {
            let control = if controller.as_deref() == Some(player.as_str()) {
                "you control it"
            } else {
                "another founder controls it"
            };
            self.answer(player, line, Ok(format!("the die showed {die}: {} is founded; {control}", attempt.name)));
        }
        self.event(format!("A terrorist group, {}, is founded in {}", attempt.name, attempt.at.name()));
    }

    /// TER.4: an invalid founding costs nothing. The money goes back where it came from, or to the
    /// player's treasury if that agency was closed since.
    fn refund(&mut self, player: &str, line: &ExtraLine, amount: u32) {
        match self.state.balance(&line.source) {
            Some(_) => self.state.credit(&line.source, amount),
            None => self.state.credit(&Purse::Power(player.to_string()), amount),
        }
    }

    /// TER.4's validity: owned by another player, no capital, no group yet, no nation's home, and the
    /// permission of the owner of any unit standing there.
    fn founding_allowed(&self, attempt: &Attempt, permits: &[(String, ExtraLine)]) -> Result<(), String> {
        let at = attempt.at;
        let founders: Vec<&str> = attempt.members.iter().map(|(player, _, _)| player.as_str()).collect();
        if let Some(reason) = self.state.founding_refusal(at, &founders) {
            return Err(reason);
        }
        if let Some(unit) = self.state.unit_in(at) {
            let commander = self.state.controller_of(&unit.power);
            let permitted = permits.iter().any(|(player, line)| {
                Some(player.as_str()) == commander && matches!(line.order, Extra::Permit { at: p } if p == at)
            });
            if !permitted {
                return Err(format!("the owner of the unit in {at} gave no permission"));
            }
        }
        Ok(())
    }
}

impl State {
    /// Why a group in `at` levies nothing this turn (rules 9 and 10): nobody owns the province, or the
    /// owner's unit stands there. Levies are step 3, before any move, so the order page can tell it.
    pub fn levy_refusal(&self, at: Province) -> Option<String> {
        let Some(owner) = self.owner(at) else { return Some(format!("nobody owns {at}: no levy")) };
        self.unit_in(at).filter(|unit| unit.power == owner).map(|_| format!("{owner}'s unit stands in {at}: no levy"))
    }

    /// Why no group can be founded in `at` by these founders, as far as the province alone tells (TER.4):
    /// the one wording for the order page, which checks it against the state the sheet is written in,
    /// and for step 8, which checks it again after the turn's moves. The unit owner's permission and
    /// the combine's total are step 8's alone.
    pub fn founding_refusal(&self, at: Province, founders: &[&str]) -> Option<String> {
        if at.is_sea() {
            return Some("no group can be based at sea".to_string());
        }
        if at.is_original_capital() {
            return Some(format!("{at} is a capital: no group can be founded there"));
        }
        if self.group_at(at).is_some() {
            return Some(format!("a group is already based in {at}"));
        }
        if self.nations.iter().any(|nation| nation.province == at) {
            return Some(format!("{at} is an independent nation"));
        }
        let Some(owner) = self.owner(at) else { return Some(format!("nobody owns {at}")) };
        let owner_player = self.controller_of(owner);
        if founders.iter().any(|founder| Some(*founder) == owner_player) {
            return Some(format!("{at} is a founder's own province: groups are founded in another player's"));
        }
        None
    }
}
