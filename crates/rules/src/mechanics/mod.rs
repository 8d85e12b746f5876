//! Keyword and card mechanics, one file each: amplify (502.27), banding (502.10),
//! Camouflage's piles (309.1),
//! cycling and other in-hand abilities (502.18), flip cards (508), haunt (502.51),
//! Illusionary Mask (504.1), madness (502.24),
//! morph and face-down permanents (502.26, 504), ninjutsu (502.43), phasing (502.15),
//! ripple (502.56), suspend (502.59).

pub(crate) mod amplify;
pub(crate) mod banding;
pub(crate) mod camouflage;
pub(crate) mod cycling;
pub(crate) mod flip;
pub(crate) mod granted;
pub(crate) mod haunt;
pub(crate) mod illusionary_mask;
pub(crate) mod licid;
pub(crate) mod madness;
pub(crate) mod morph;
pub(crate) mod ninjutsu;
pub mod phasing;
pub(crate) mod ripple;
pub(crate) mod suspend;
