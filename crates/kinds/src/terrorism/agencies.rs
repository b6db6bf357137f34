//! Step 7 (rules 5 and 12, TER.7): agencies open first (a name wanted by several players goes to one
//! drawn at random), then each player's transfers, contributions, founding payments and closures run in
//! the order given. A founding's money is taken here and the founding itself is tried in step 8.

use std::collections::BTreeMap;

use rand::seq::SliceRandom;

use super::names::Province;
use super::orders::{Extra, ExtraLine};
use super::state::{Agency, Purse};
use super::treasury::MAX_AGENCIES;
use super::turn::Run;

impl Run {
    pub fn contributions(&mut self) {
        self.open_agencies();
        let mut given: BTreeMap<Province, BTreeMap<String, u32>> = BTreeMap::new();
        let lines = self.lines_where(|order| {
            matches!(
                order,
                Extra::Transfer { .. } | Extra::Contribute { .. } | Extra::Close { .. } | Extra::Found { .. }
            )
        });
        for (player, line) in lines {
            let result = match &line.order {
                Extra::Transfer { amount, to } => self.transfer(&line, *amount, to),
                Extra::Contribute { .. } => self.contribute(&player, &line, &mut given),
                Extra::Close { agency } => self.close(&player, agency),
                Extra::Found { amount, .. } => match self.state.debit(&line.source, *amount) {
                    true => {
                        self.founding_paid.push((player.clone(), line.line));
                        continue;
                    }
                    false => Err(format!("not enough money for {amount}")),
                },
                _ => unreachable!("only step 7 lines are selected"),
            };
            self.answer(&player, &line, result);
        }
        self.settle_control(given);
    }

    fn open_agencies(&mut self) {
        let mut wanted: BTreeMap<String, Vec<(String, ExtraLine)>> = BTreeMap::new();
        for (player, line) in self.lines_where(|order| matches!(order, Extra::Open { .. })) {
            let Extra::Open { agency } = &line.order else { continue };
            wanted.entry(agency.to_lowercase()).or_default().push((player, line));
        }
        for (_, mut claims) in wanted {
            claims.shuffle(&mut self.rng);
            let mut opened = false;
            for (player, line) in claims {
                let Extra::Open { agency } = &line.order else { continue };
                let held = self.state.agencies.iter().filter(|a| a.owner == player).count();
                let result = if opened || self.state.agency(agency).is_some() {
                    Err(format!("the name {agency} is taken"))
                } else if held >= MAX_AGENCIES {
                    Err(format!("you already hold {MAX_AGENCIES} agencies"))
                } else {
                    opened = true;
                    self.state.agencies.push(Agency { name: agency.clone(), owner: player.clone(), balance: 0 });
                    Ok(format!("{agency} is open"))
                };
                self.answer(&player, &line, result);
            }
        }
    }

    /// Rule 12: anyone may pay into an agency; the recipient is never published (TER.7).
    fn transfer(&mut self, line: &ExtraLine, amount: u32, to: &str) -> Result<String, String> {
        let target =
            self.state.agency(to).map(|agency| agency.name.clone()).ok_or(format!("no agency is called {to}"))?;
        if !self.state.debit(&line.source, amount) {
            return Err(format!("not enough money for {amount}"));
        }
        self.state.credit(&Purse::Agency(target.clone()), amount);
        Ok(format!("{target} receives {amount}"))
    }

    /// TER.7: closing returns the balance to the owner's treasury.
    fn close(&mut self, player: &str, agency: &str) -> Result<String, String> {
        let index = self
            .state
            .agencies
            .iter()
            .position(|a| a.name.eq_ignore_ascii_case(agency) && a.owner == player)
            .ok_or(format!("you have no agency called {agency}"))?;
        let closed = self.state.agencies.remove(index);
        self.state.credit(&Purse::Power(player.to_string()), closed.balance);
        Ok(format!("{} is closed; {} returns to your treasury", closed.name, closed.balance))
    }
}
