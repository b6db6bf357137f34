//! Forms of the GM panel.

use serde::Deserialize;

use crate::games::deadline::PhaseDuration;
use crate::games::model::Power;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ExtendForm {
    pub by: String,
}

impl ExtendForm {
    pub fn duration(&self) -> Result<PhaseDuration, String> {
        PhaseDuration::parse(&self.by)
            .ok_or_else(|| "Enter how long to extend by, from 5m to 14d, like 12h or 1d.".to_owned())
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReplaceForm {
    pub username: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AssignPowerForm {
    pub power: String,
}

impl AssignPowerForm {
    pub fn power(&self) -> Result<Power, String> {
        Power::from_slug(&self.power).ok_or_else(|| "Choose one of the seven powers.".to_owned())
    }
}
