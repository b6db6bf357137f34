//! The engine's orders, outcomes, reports and news in plain words: what players read on the order page
//! and on every results page. Nothing here names who paid for anything in public (rulings 0.5).

use covert_ops::{
    AdminEffect, CombatReport, CountryCode, CovertResult, Deployment, Effect, FailReason, GameState, GameStatus,
    LedCountry, MeaninglessReason, MessageReport, News, Order, OrderError, OrderOutcome, PlayerId, PlayerReport,
    SpyReport, Stance, SuperspyReport, VictoryReason, WorldMap, rules,
};

use super::player_title;
use crate::kind::{Report, ReportLine, ResultWord};

/// A country as players read it: `France (FRA)`.
pub(super) fn country(map: &WorldMap, code: CountryCode) -> String {
    match map.index_of(code) {
        Some(index) => format!("{} ({code})", map.country(index).name),
        None => code.to_string(),
    }
}

pub(super) fn money(millions: u32) -> String {
    format!("${millions} million")
}

fn plural(count: u32, one: &str, many: &str) -> String {
    if count == 1 { format!("1 {one}") } else { format!("{count} {many}") }
}

pub(super) fn troops(count: u32) -> String {
    plural(count, "troop unit", "troop units")
}

/// What an order will do, in words, as the order page shows a saved line. Orders that use a country's
/// troops or industry need its leadership when the day runs (CO.4); a player who does not lead it now is
/// warned, since the order will fail unless that changes.
pub(super) fn order_for(map: &WorldMap, game: &GameState, player: PlayerId, order: &Order) -> String {
    let plain = order_meaning(map, order);
    match needed_leadership(order) {
        Some(code) if !leads(game, player, code) => format!(
            "{plain} (you do not lead {} now: this fails unless you lead it when the day runs)",
            country(map, code)
        ),
        _ => plain,
    }
}

/// The country an order needs its player to lead (C, D, W, L; CO.4).
fn needed_leadership(order: &Order) -> Option<CountryCode> {
    match order {
        Order::Conquer { from, .. } | Order::Defend { from, .. } => Some(*from),
        Order::Withdraw { home, .. } => Some(*home),
        Order::Liquidate { country } => Some(*country),
        _ => None,
    }
}

fn leads(game: &GameState, player: PlayerId, code: CountryCode) -> bool {
    game.countries.iter().any(|country| country.code == code && country.leader == Some(player))
}

/// What an order does, in words, without regard to the day's state.
pub(super) fn order_meaning(map: &WorldMap, order: &Order) -> String {
    let at = |code: &CountryCode| country(map, *code);
    match order {
        Order::Arms { country, units } => format!(
            "Smuggle {} of arms into {}: {} there, for {}",
            plural(*units, "unit", "units"),
            at(country),
            plural(*units, "new troop unit", "new troop units"),
            money(rules::arms_cost(*units))
        ),
        Order::Bribe { country, amount } => {
            format!(
                "Bribe the leader of {} with {}: your influence there rises by {amount}",
                at(country),
                money(*amount)
            )
        }
        Order::Conquer { from, to, troops: count } => {
            format!("Send {} from {} to conquer {}", troops(*count), at(from), at(to))
        }
        Order::Defend { from, to, troops: count } => {
            format!("Send {} from {} to defend {}", troops(*count), at(from), at(to))
        }
        Order::Guard { country, amount } => {
            format!("Spend {} to raise the security of {} by {amount}", money(*amount), at(country))
        }
        Order::Invest { country } => {
            format!("Build one industry in {} for {}", at(country), money(rules::INVEST_COST))
        }
        Order::Kill { country, amount } => {
            format!("Spend {} trying to assassinate the leader of {}", money(*amount), at(country))
        }
        Order::Liquidate { country } => {
            format!("Sell one industry in {} for {}", at(country), money(rules::LIQUIDATE_VALUE))
        }
        Order::Message { country } => {
            format!("Show your position name and contact to whoever leads {} when the day begins", at(country))
        }
        Order::Revolution { country, amount } => {
            format!("Spend {} financing a revolution in {}", money(*amount), at(country))
        }
        Order::Spy { country, amount } => format!(
            "Spend {} on your spy in {}: its value rises by {}",
            money(*amount),
            at(country),
            amount.saturating_mul(rules::SPY_VALUE_PER_MILLION)
        ),
        Order::Terrorism { country, amount } => {
            format!("Spend {} financing terrorist attacks in {}", money(*amount), at(country))
        }
        Order::Withdraw { home, from, troops: count } => {
            format!("Bring {} of {} home from {}", troops(*count), at(home), at(from))
        }
        Order::Superspy { country } => format!("Move your superspy to {}", at(country)),
        Order::Email { contact } => format!("Set the contact your messages (M orders) show to \"{contact}\""),
        Order::Code { .. } => {
            "Change your access code for this game (the site's login already identifies you)".to_owned()
        }
        Order::Discard => "Discard every order sent before this line that has not been processed yet".to_owned(),
        Order::Stop => "Stop today's processing here: the orders after this line wait for later days".to_owned(),
        Order::Resign => {
            "Resign from the game: from the next day your influence, spies and waiting orders are removed".to_owned()
        }
    }
}

/// Why a line was refused, in words (CO.2: such lines are meaningless and cost nothing).
pub(super) fn line_error(map: &WorldMap, error: &OrderError) -> String {
    match error {
        OrderError::UnknownOrder { code } => format!(
            "\"{code}\" is not an order: an order starts with one of the letters A, B, C, D, G, I, K, L, M, R, S, T, \
             W, X, or is EMAIL, CODE, DISCARD, STOP or RESIGN"
        ),
        OrderError::WrongArity { order, found, .. } => match notation(order) {
            Some(form) => format!("{order} is written {form}; this line has {found} part(s) after the letter"),
            None => format!("{order} takes a different number of parts; this line has {found}"),
        },
        OrderError::NotANumber { text } => {
            format!("\"{text}\" is not a whole number (write numbers with digits only, without commas)")
        }
        OrderError::NotPositive => "the number must be 1 or more".to_owned(),
        OrderError::TooManyArms { units } => {
            format!("one order smuggles at most {} units of arms, not {units}", rules::MAX_ARMS_UNITS)
        }
        OrderError::UnknownCountry { text } => format!("\"{text}\" is not the code of a country on this map"),
        OrderError::NotAdjacent { from, to } => format!(
            "{} and {} do not share a border: troops only move between neighbouring countries",
            country(map, *from),
            country(map, *to)
        ),
        OrderError::BadAccessCode => {
            format!("an access code has 1 to {} letters and digits", rules::MAX_ACCESS_CODE_LENGTH)
        }
        OrderError::BadContact => format!("a contact has 1 to {} characters", rules::MAX_CONTACT_LENGTH),
        OrderError::OverDailyLineLimit => format!(
            "more than {} lines were sent for one day; the lines after that are ignored",
            rules::MAX_NEW_LINES_PER_DAY
        ),
        OrderError::NotPlaying => "you no longer play in this game, so it takes no orders from you".to_owned(),
    }
}

/// How each order of the sheet's summary is written (`ccc`, `kkk`: country codes; `nnn`: a number).
pub(super) fn notation(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "A" => "A,ccc,nnn",
        "B" => "B,ccc,nnn",
        "C" => "C,ccc,kkk,nnn",
        "D" => "D,ccc,kkk,nnn",
        "G" => "G,ccc,nnn",
        "I" => "I,ccc",
        "K" => "K,ccc,nnn",
        "L" => "L,ccc",
        "M" => "M,ccc",
        "R" => "R,ccc,nnn",
        "S" => "S,ccc,nnn",
        "T" => "T,ccc,nnn",
        "W" => "W,ccc,kkk,nnn",
        "X" => "X,ccc",
        "EMAIL" => "EMAIL,address",
        "CODE" => "CODE,code",
        "DISCARD" => "DISCARD",
        "STOP" => "STOP",
        "RESIGN" => "RESIGN",
        _ => return None,
    })
}

/// One order's result: whether it worked and why, in words.
pub(super) fn outcome(map: &WorldMap, outcome: &OrderOutcome) -> (ResultWord, String) {
    match outcome {
        OrderOutcome::Executed { effect } => executed(effect),
        OrderOutcome::Failed { reason } => (
            ResultWord::Fails,
            format!(
                "{}; it counted against today's ten orders but kept its courier, and the line is not kept: send it \
                 again to retry",
                failure(map, reason)
            ),
        ),
        OrderOutcome::Meaningless { reason } => {
            (ResultWord::Invalid, format!("{}; it cost nothing", meaningless(reason)))
        }
        OrderOutcome::Administrative { effect } => (ResultWord::Succeeds, administrative(effect)),
    }
}

fn executed(effect: &Effect) -> (ResultWord, String) {
    let done = |text: &str| (ResultWord::Succeeds, text.to_owned());
    match effect {
        Effect::SuperspyMoved => done("your superspy moved there"),
        Effect::IndustrySold => done("one industry was sold and $3 million added to your cash"),
        Effect::ArmsSmuggled { cost } => {
            (ResultWord::Succeeds, format!("the new troops stand ready; the arms cost {}", money(*cost)))
        }
        Effect::SecurityRaised => done("the security level rose"),
        Effect::SpyReinforced { value } => (ResultWord::Succeeds, format!("your spy there now has value {value}")),
        Effect::IndustryBuilt => done("one industry was built"),
        Effect::TroopsWithdrawn => done("the troops came home"),
        Effect::TroopsSent { stance: Stance::Defending } => done("the troops arrived to defend"),
        Effect::TroopsSent { stance: Stance::Invading } => done("the troops arrived to invade"),
        Effect::Assassination { result } => coup(
            *result,
            "the leader was assassinated: every player's influence there fell to zero",
            "the assassination failed; the cash is spent",
        ),
        Effect::Terrorism { caught: false, industry_destroyed } => (
            ResultWord::Succeeds,
            format!(
                "the terrorists struck: the security and the leading player's influence fell and today's income from \
                 its industry was cut{}",
                if *industry_destroyed { ", and one industry was destroyed" } else { "" }
            ),
        ),
        Effect::Terrorism { caught: true, .. } => (
            ResultWord::Fails,
            "the terrorists were caught: the security and the leading player's influence still fell, but commerce \
             went on; the cash is spent"
                .to_owned(),
        ),
        Effect::Revolution { result } => coup(
            *result,
            "the government was overthrown: every other influence there fell to zero and yours equals what you spent",
            "the revolution failed; the cash is spent",
        ),
        Effect::Bribed { influence } => (ResultWord::Succeeds, format!("your influence there is now {influence}")),
        Effect::MessageSent => done("your position name and contact were shown to the country's leader"),
    }
}

fn coup(result: CovertResult, succeeded: &str, failed: &str) -> (ResultWord, String) {
    match result {
        CovertResult::Succeeded => (ResultWord::Succeeds, succeeded.to_owned()),
        CovertResult::Failed => (ResultWord::Fails, failed.to_owned()),
        CovertResult::GovernmentAlreadyFell => {
            (ResultWord::Fails, "the government there had already fallen today; the cash is spent".to_owned())
        }
    }
}

fn failure(map: &WorldMap, reason: &FailReason) -> String {
    match reason {
        FailReason::NotEnoughCash { needed, available } => {
            format!("not enough cash: {} needed, {} left", money(*needed), money(*available))
        }
        FailReason::NotEnoughTroops { needed, available } => {
            format!("not enough troops: {needed} needed, {available} there")
        }
        FailReason::NoIndustry => "there is no industry there to sell".to_owned(),
        FailReason::NotLeader { country: code } => format!("you do not lead {}", country(map, *code)),
        FailReason::GovernmentChanged => "cancelled because the government changed today; no cash was spent".to_owned(),
    }
}

fn meaningless(reason: &MeaninglessReason) -> &'static str {
    match reason {
        MeaninglessReason::NoTroopsThere => "none of that country's troops are there",
        MeaninglessReason::NoLeader => "nobody leads that country, so nobody could receive it",
    }
}

fn administrative(effect: &AdminEffect) -> String {
    match effect {
        AdminEffect::ContactChanged => "your contact was changed".to_owned(),
        AdminEffect::AccessCodeChanged => "your access code was changed".to_owned(),
        AdminEffect::Discarded { lines } => {
            format!(
                "{} discarded",
                plural(u32::try_from(*lines).unwrap_or(u32::MAX), "waiting order", "waiting orders")
            )
        }
        AdminEffect::Stopped => "processing stopped here for today; the orders after it wait for later days".to_owned(),
        AdminEffect::Resigned => "you resigned from the game".to_owned(),
    }
}

/// One player's turn result: every line and order with its outcome, then the position, countries,
/// spies, superspy, combat, income and messages, each in words. The day's news is public and shown once,
/// beside it, so it is not repeated here.
pub(super) fn player_report(map: &WorldMap, report: &PlayerReport) -> Report {
    let by = player_title(report.player);
    let mut orders: Vec<ReportLine> = report
        .line_errors
        .iter()
        .map(|error| ReportLine {
            by: by.clone(),
            order: error.input.trim().to_owned(),
            result: ResultWord::Invalid,
            reason: format!("{}; it cost nothing", line_error(map, &error.reason)),
        })
        .collect();
    orders.extend(report.orders.iter().map(|line| {
        let (result, reason) = outcome(map, &line.outcome);
        ReportLine { by: by.clone(), order: line.order.clone(), result, reason }
    }));
    let mut events = vec![position(map, report)];
    events.extend(report.countries.iter().map(|led| led_country(map, led)));
    events.push(influence(map, report));
    events.extend(report.spies.iter().map(|spy| spy_line(map, spy)));
    events.push(superspy(map, &report.superspy));
    events.extend(report.combat.iter().map(|combat| combat_line(map, combat)));
    events.extend(report.messages.iter().map(|message| message_line(map, message)));
    Report { orders, events, ..Report::default() }
}

fn position(map: &WorldMap, report: &PlayerReport) -> String {
    let position = &report.position;
    let mut text = format!(
        "Your cash: {}, after today's income of {} ({} fixed, {} from industry). Couriers for orders: {}.",
        money(position.cash),
        money(report.income.fixed.saturating_add(report.income.industry)),
        money(report.income.fixed),
        money(report.income.industry),
        position.orders_available
    );
    text.push_str(&format!(" Your superspy is in {}.", country(map, position.superspy)));
    if position.queued.is_empty() {
        text.push_str(" No orders wait for later days.");
    } else {
        text.push_str(&format!(" Orders waiting for later days: {}.", position.queued.join("; ")));
    }
    if position.resigned {
        text.push_str(" You have resigned from the game.");
    }
    text
}

fn led_country(map: &WorldMap, led: &LedCountry) -> String {
    let mut text = format!(
        "You lead {}: your influence {}, security {}, industry {}, {} at home",
        country(map, led.code),
        led.influence,
        led.security,
        led.industry,
        troops(led.home_troops)
    );
    if !led.foreign_troops.is_empty() {
        text.push_str(&format!("; foreign troops there: {}", deployments(map, &led.foreign_troops)));
    }
    if !led.troops_abroad.is_empty() {
        let abroad: Vec<String> = led
            .troops_abroad
            .iter()
            .map(|away| format!("{} {} {}", troops(away.troops), stance_word(away.stance), country(map, away.country)))
            .collect();
        text.push_str(&format!("; its troops abroad: {}", abroad.join(", ")));
    }
    text.push('.');
    text
}

fn stance_word(stance: Stance) -> &'static str {
    match stance {
        Stance::Defending => "defending",
        Stance::Invading => "invading",
    }
}

fn deployments(map: &WorldMap, deployments: &[Deployment]) -> String {
    deployments
        .iter()
        .map(|deployment| {
            format!(
                "{} from {} {}",
                troops(deployment.troops),
                country(map, deployment.from),
                stance_word(deployment.stance)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn influence(map: &WorldMap, report: &PlayerReport) -> String {
    if report.influence.is_empty() {
        return "You have no influence in any country.".to_owned();
    }
    let levels: Vec<String> = report
        .influence
        .iter()
        .map(|level| {
            let lead = if level.leader { ", leading" } else { "" };
            format!("{} {}{lead}", country(map, level.country), level.influence)
        })
        .collect();
    format!("Your influence: {}.", levels.join("; "))
}

fn spy_line(map: &WorldMap, spy: &SpyReport) -> String {
    if spy.caught {
        format!("Your spy in {} was caught and eliminated.", country(map, spy.country))
    } else {
        format!("Your spy in {} has value {}.", country(map, spy.country), spy.value)
    }
}

fn superspy(map: &WorldMap, seen: &SuperspyReport) -> String {
    let values = |values: &[covert_ops::PlayerValue]| {
        values.iter().map(|value| format!("{} {}", player_title(value.player), value.value)).collect::<Vec<_>>()
    };
    let mut text = format!("Your superspy in {} reports: ", country(map, seen.country));
    text.push_str(&match seen.leader {
        Some(leader) => format!("{} leads it", player_title(leader)),
        None => "nobody leads it".to_owned(),
    });
    let influence = values(&seen.influence);
    if !influence.is_empty() {
        text.push_str(&format!("; influence: {}", influence.join(", ")));
    }
    let spies = values(&seen.spies);
    if !spies.is_empty() {
        text.push_str(&format!("; spies: {}", spies.join(", ")));
    }
    text.push_str(&format!(
        "; security {}, industry {}, {} at home",
        seen.security,
        seen.industry,
        troops(seen.home_troops)
    ));
    if !seen.foreign_troops.is_empty() {
        text.push_str(&format!("; foreign troops: {}", deployments(map, &seen.foreign_troops)));
    }
    if !seen.other_superspies.is_empty() {
        let others: Vec<String> = seen.other_superspies.iter().map(|other| player_title(*other)).collect();
        text.push_str(&format!("; other superspies: {}", others.join(", ")));
    }
    text.push('.');
    if let Some(combat) = &seen.combat {
        text.push(' ');
        text.push_str(&combat_line(map, combat));
    }
    text
}

fn combat_line(map: &WorldMap, combat: &CombatReport) -> String {
    let invaders: Vec<String> = combat
        .invaders
        .iter()
        .map(|force| {
            format!("the invaders from {} ({}) lost {}", country(map, force.from), troops(force.before), force.lost)
        })
        .collect();
    let result = match combat.conquered_by {
        Some(by) => format!("{} was conquered by troops from {}", country(map, combat.country), country(map, by)),
        None => format!("{} was not conquered", country(map, combat.country)),
    };
    format!(
        "Combat in {}: the defenders ({}) lost {}; {}. {result}.",
        country(map, combat.country),
        troops(combat.defenders_before),
        combat.defenders_lost,
        invaders.join("; ")
    )
}

fn message_line(map: &WorldMap, message: &MessageReport) -> String {
    let contact = if message.contact.is_empty() {
        "no contact given".to_owned()
    } else {
        format!("contact: {}", message.contact)
    };
    format!(
        "{} revealed itself to you, the leader of {} when the day began ({contact}).",
        player_title(message.from),
        country(map, message.country)
    )
}

/// The day's public news, in words; never who paid for anything (rulings 0.5).
pub(super) fn public_events(map: &WorldMap, news: &[News]) -> Vec<String> {
    if news.is_empty() {
        return vec![
            "A quiet day: no leader fell, no government was overthrown and no country was conquered.".to_owned(),
        ];
    }
    news.iter().map(|item| news_line(map, item)).collect()
}

fn news_line(map: &WorldMap, news: &News) -> String {
    match news {
        News::LeaderAssassinated { country: code } => {
            format!("The leader of {} was assassinated; a new leader takes over.", country(map, *code))
        }
        News::GovernmentOverthrown { country: code } => {
            format!("A revolution overthrew the government of {}.", country(map, *code))
        }
        News::Conquered { country: code, by } => {
            format!("{} was conquered by troops from {}.", country(map, *code), country(map, *by))
        }
        News::MajorityWarning { player, countries, .. } => format!(
            "{} leads {countries} of the {} countries, more than half: unless that is broken up by the end of the next \
             day, {} wins.",
            player_title(*player),
            map.len(),
            player_title(*player)
        ),
        News::PlayerResigned { player, .. } => format!("{} resigned from the game.", player_title(*player)),
        News::GameOver { status } => game_over(*status),
    }
}

fn game_over(status: GameStatus) -> String {
    match status {
        GameStatus::Won { player, reason: VictoryReason::Majority } => format!(
            "The game is over: {} led more than half of the countries for two days in a row and wins.",
            player_title(player)
        ),
        GameStatus::Won { player, reason: VictoryReason::LastPlayerLeft } => {
            format!("The game is over: {} is the last player left and wins.", player_title(player))
        }
        GameStatus::Abandoned => "The game is over: every player resigned.".to_owned(),
        GameStatus::InProgress => "The game goes on.".to_owned(),
    }
}
