//! TER.6: the auction of a new nation, resolved before step 1 of the turn after the cede, from concealed
//! bids. The highest affordable bid wins (ties drawn), the sum is destroyed, and only the bidders learn
//! the result; with no good bid the nation stays unclaimed and is auctioned again next turn.

use rand::seq::SliceRandom;

use super::orders::Extra;
use super::state::Purse;
use super::turn::Run;

impl Run {
    pub fn auctions(&mut self) {
        let open: Vec<String> =
            self.state.nations.iter().filter(|n| n.controller.is_none()).map(|n| n.name.clone()).collect();
        for nation in open {
            let mut bids: Vec<_> = self
                .lines_where(|order| matches!(order, Extra::Bid { nation: n, .. } if n.eq_ignore_ascii_case(&nation)))
                .into_iter()
                .filter_map(|(player, line)| match line.order {
                    Extra::Bid { amount, .. } => Some((player, line, amount)),
                    _ => None,
                })
                .collect();
            bids.shuffle(&mut self.rng);
            bids.sort_by_key(|bid| std::cmp::Reverse(bid.2));
            let mut winner = None;
            for (player, line, amount) in bids {
                let result = if winner.is_some() {
                    Err("outbid".to_string())
                } else if self.state.nation(&nation).is_some_and(|n| n.ceded_by == player) {
                    Err("the ceding player may not bid".to_string())
                } else if !self.state.debit(&Purse::Power(player.clone()), amount) {
                    Err(format!("your treasury cannot pay {amount}"))
                } else {
                    winner = Some(player.clone());
                    Ok(format!("you won {nation} for {amount}: you control it for good"))
                };
                self.answer(&player, &line, result);
            }
            match winner {
                Some(player) => {
                    if let Some(found) = self.state.nations.iter_mut().find(|n| n.name == nation) {
                        found.controller = Some(player);
                    }
                    self.event(format!("{nation} has been sold at auction"));
                }
                None => self.event(format!("Nobody bought {nation}: its units hold, and it is auctioned again")),
            }
        }
    }

    /// Lines written for a nation on auction by a player who did not win it are void, and so are the
    /// lines of a Great Power that left the game since they were written.
    pub fn drop_lines_of_unwon_nations(&mut self) {
        let mut dropped = Vec::new();
        for (player, sheet) in &mut self.sheets {
            sheet.extras.retain(|line| match &line.source {
                Purse::Power(power) if self.state.controller_of(power) != Some(player.as_str()) => {
                    dropped.push((player.clone(), line.clone(), power.clone()));
                    false
                }
                Purse::Power(_) | Purse::Agency(_) | Purse::Group(_) => true,
            });
        }
        for (player, line, power) in dropped {
            let reason = self.state.why_not_controlled(&power);
            self.answer(&player, &line, Err(reason));
        }
    }
}
