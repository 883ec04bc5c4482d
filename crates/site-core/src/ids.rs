//! Ids and secrets: game ids, the secrets that name players and invitations, and the hashes
//! under which the database keeps them.

use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};

/// A new random secret: 128 bits, in hexadecimal.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 16];
    StdRng::from_os_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new game id: ten letters and digits.
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 10];
    StdRng::from_os_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// Whether `id` can be a game id (checked before it reaches the database).
pub fn valid_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The hash under which a secret is stored: the database never holds a secret itself.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
