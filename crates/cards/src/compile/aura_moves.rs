//! An Aura moved by its own text to a permanent a player chooses: "That
//! land's controller may attach Kudzu to a land of their choice." (212.4:
//! attached, not targeted; the player may decline).

use super::*;
use crate::{Effect, ObjectRef, PlayerRef};

/// Kudzu, after "destroy it" in "When enchanted land becomes tapped, …":
/// "that land's controller" is the controller of the land tapped, as it
/// last existed in play (413.2f).
pub(super) fn may_attach_self(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    if !(cx.trig_obj && p.at_all("that land's controller may attach cardname to a")) {
        return None;
    }
    p.eat_all("that land's controller may attach cardname to a");
    let (to, noun) = filter(p)?;
    (noun == Noun::Permanent && !to.types_any.is_empty()).then_some(())?;
    p.eat_all("of their choice").then_some(())?;
    Some(vec![Effect::MayMoveAura {
        what: ObjectRef::This,
        to,
        who: PlayerRef::ControllerOf(ObjectRef::Triggering),
    }])
}
