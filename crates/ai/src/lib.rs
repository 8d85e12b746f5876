//! ai
