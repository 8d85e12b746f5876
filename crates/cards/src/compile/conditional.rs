//! "As long as [condition], [continuous effect]." and "[continuous
//! effect] as long as [condition]." (405, 418.5: threshold, hellbent,
//! Kird Ape), and the statics that function only in a graveyard under a
//! condition (402.8h: Anger, Brawn, Wonder).

use super::statics::static_line;
use super::*;
use crate::StaticAbility;

/// "As long as [condition], [continuous effect]." and "[continuous
/// effect] as long as [condition]." (threshold, hellbent): a continuous
/// effect that exists only while a condition the layer system can judge
/// holds (`Condition::judged_in_layers`). Any other static ability under a
/// condition stays unsupported.
pub(super) fn conditional_static(p: &mut P) -> Option<Vec<StaticAbility>> {
    if p.at_all("as long as cardname is in your graveyard") {
        return graveyard_static(p);
    }
    let mut cx = Cx::default();
    let mut otherwise = Vec::new();
    let (condition, rest): (crate::Condition, Vec<Tok>) = if p.eat_all("as long as") {
        let condition = condition(p, &mut cx)?;
        p.eat(",").then_some(())?;
        (condition, p.t[p.i..].to_vec())
    } else {
        // The suffix form: split the line at "as long as".
        let toks = &p.t[p.i..];
        let at = (0..toks.len()).find(|&i| {
            toks[i].low == "as"
                && toks.get(i + 1).is_some_and(|t| t.low == "long")
                && toks.get(i + 2).is_some_and(|t| t.low == "as")
        })?;
        // "… as long as [condition]. Otherwise, it gets -2/-1." (Tahngarth's
        // Rage): the second sentence exists while the condition doesn't hold.
        let otherwise_at = (at + 3..toks.len())
            .find(|&k| toks[k].low == "otherwise" && toks.get(k - 1).is_some_and(|t| t.low == "."));
        let cond_end = otherwise_at.unwrap_or(toks.len());
        let mut q = P::new(&toks[at + 3..cond_end]);
        let mut condition = condition(&mut q, &mut cx)?;
        (q.eat_end() && q.at_end()).then_some(())?;
        // "Enchanted creature has shroud as long as it's untapped."
        // (Spectral Cloak): "it" is the subject, the enchanted creature;
        // after another subject it names nothing this reads.
        if condition.about_this()
            && toks.get(at + 3).is_some_and(|t| t.low == "it's")
            && toks.first().is_some_and(|t| t.low != "cardname")
        {
            let attached = toks.len() > 2
                && matches!(toks[0].low.as_str(), "enchanted" | "equipped")
                && toks[1].low == "creature";
            if !attached {
                return None;
            }
            condition = match condition {
                crate::Condition::Matches {
                    attached: false,
                    filter,
                } => crate::Condition::Matches {
                    attached: true,
                    filter,
                },
                c => crate::Condition::OfAttached(Box::new(c)),
            };
        }
        let mut rest = toks[..at].to_vec();
        rest.push(Tok {
            raw: ".".into(),
            low: ".".into(),
        });
        if let Some(k) = otherwise_at {
            // "Otherwise, it gets -2/-1.": "it" is the first sentence's
            // subject (the words before its verb).
            let mut other: Vec<Tok> = toks[k + 1..].to_vec();
            if other.first().is_some_and(|t| t.low == ",") {
                other.remove(0);
            }
            if other.first().is_none_or(|t| t.low != "it") {
                return None;
            }
            let verb = rest
                .iter()
                .position(|t| matches!(t.low.as_str(), "gets" | "has" | "get" | "have"))?;
            let mut q2_toks = rest[..verb].to_vec();
            q2_toks.extend_from_slice(&other[1..]);
            let mut q2 = P::new(&q2_toks);
            q2.grant_base = p.grant_base + p.granted.len();
            let inner = static_line(&mut q2)?;
            if !q2.at_end() || !q2.granted.is_empty() {
                return None;
            }
            for s in inner {
                let StaticAbility::Continuous { affected, effect } = s else {
                    return None;
                };
                otherwise.push(StaticAbility::ContinuousIf {
                    condition: crate::Condition::Not(Box::new(condition.clone())),
                    affected,
                    effect,
                });
            }
        }
        (condition, rest)
    };
    if !condition.judged_in_layers() {
        return None;
    }
    // "As long as CARDNAME is untapped, it gets +0/+2." (Castle Raptors):
    // after a condition about this permanent, "it" is this permanent.
    let mut rest = rest;
    if condition.about_this() && rest.first().is_some_and(|t| t.low == "it") {
        rest[0] = Tok {
            raw: "CARDNAME".into(),
            low: "cardname".into(),
        };
    }
    // "As long as enchanted artifact isn't a creature, it's an artifact
    // creature …" (Animate Artifact): "it" is the enchanted permanent.
    if matches!(condition, crate::Condition::Matches { attached: true, .. })
        && rest.first().is_some_and(|t| t.low == "it's")
    {
        let tok = |w: &str| Tok {
            raw: w.into(),
            low: w.into(),
        };
        rest.splice(0..1, [tok("enchanted"), tok("permanent"), tok("is")]);
    }
    let mut q = P::new(&rest);
    // Abilities granted in quotes ("has \"At the beginning of your end
    // step, …\"", Bloodcurdler) join this line's own.
    q.grant_base = p.grant_base + p.granted.len();
    let inner = static_line(&mut q)?;
    if !q.at_end() {
        return None;
    }
    p.granted.append(&mut q.granted);
    // Each part exists only while the condition holds: a continuous effect
    // through the layers, a restriction or requirement where combat and
    // targeting look for static abilities.
    let mut out = Vec::with_capacity(inner.len());
    for s in inner {
        out.push(match s {
            StaticAbility::Continuous { affected, effect } => StaticAbility::ContinuousIf {
                condition: condition.clone(),
                affected,
                effect,
            },
            StaticAbility::CantAttack(_)
            | StaticAbility::CantBlock(_)
            | StaticAbility::DoesntUntap(_)
            | StaticAbility::MustAttack(_)
            | StaticAbility::MustBlock(_)
            | StaticAbility::MustBeBlockedByAll(_)
            | StaticAbility::BlockRestriction { .. }
            | StaticAbility::CanBlockAdditional(_)
            | StaticAbility::CanBlockAnyNumber(_)
            | StaticAbility::AttacksAsThoughNoDefender(_)
            | StaticAbility::CantBeTargetedBy { .. } => StaticAbility::StaticIf {
                condition: condition.clone(),
                inner: Box::new(s),
            },
            // "[This] can't be blocked as long as defending player
            // controls an artifact." (Neurok Spy), "… as long as it's
            // enchanted" (Metathran Elite): a block restriction under the
            // condition (500.1).
            StaticAbility::Unblockable => StaticAbility::StaticIf {
                condition: condition.clone(),
                inner: Box::new(StaticAbility::BlockRestriction {
                    affected: crate::Affected::This,
                    rule: crate::BlockRule::Unblockable,
                }),
            },
            // Its own "attacks each combat if able", found the way an
            // Aura's is (Otarian Juggernaut).
            StaticAbility::AttacksEachTurn => StaticAbility::StaticIf {
                condition: condition.clone(),
                inner: Box::new(StaticAbility::MustAttack(crate::Affected::This)),
            },
            _ => return None,
        });
    }
    out.append(&mut otherwise);
    p.i = p.t.len();
    Some(out)
}

/// 402.8h: "As long as CARDNAME is in your graveyard [and you control a
/// Mountain], creatures you control have haste." (Anger, Brawn, Wonder):
/// continuous effects that function only in the graveyard, under the rest
/// of the condition (judged in the layers, like Kird Ape's).
fn graveyard_static(p: &mut P) -> Option<Vec<StaticAbility>> {
    p.eat_all("as long as cardname is in your graveyard");
    let mut cx = Cx::default();
    // The condition ends at the first comma ("and you control a
    // Mountain,"), read alone so that the list reader doesn't go on.
    let condition = if p.eat("and") {
        let end = (p.i..p.t.len()).find(|&k| p.t[k].low == ",")?;
        let toks = p.t[p.i..end].to_vec();
        let mut q = P::new(&toks);
        let c = condition(&mut q, &mut cx)?;
        q.at_end().then_some(())?;
        p.i = end;
        Some((c.judged_in_layers() && !c.about_this()).then_some(c)?)
    } else {
        None
    };
    p.eat(",").then_some(())?;
    graveyard_static_rest(p, condition)
}

/// The effects after "As long as CARDNAME is in your graveyard …,".
fn graveyard_static_rest(
    p: &mut P,
    condition: Option<crate::Condition>,
) -> Option<Vec<StaticAbility>> {
    let rest = p.t[p.i..].to_vec();
    let mut q = P::new(&rest);
    q.grant_base = p.grant_base + p.granted.len();
    let inner = static_line(&mut q)?;
    // Abilities granted in quotes from the graveyard (Riftstone Portal)
    // would need the mana abilities' cache to look there: not read.
    if !q.at_end() || !q.granted.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(inner.len());
    for s in inner {
        let StaticAbility::Continuous { affected, effect } = s else {
            return None;
        };
        // Only a group ("creatures you control"): nothing is "this" or
        // "enchanted" in a graveyard.
        if !matches!(affected, crate::Affected::Each(_)) {
            return None;
        }
        let s = match &condition {
            Some(c) => StaticAbility::ContinuousIf {
                condition: c.clone(),
                affected,
                effect,
            },
            None => StaticAbility::Continuous { affected, effect },
        };
        out.push(StaticAbility::FromGraveyard(Box::new(s)));
    }
    p.i = p.t.len();
    Some(out)
}
