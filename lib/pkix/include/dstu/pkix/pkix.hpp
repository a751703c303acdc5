// dstu::pkix — the public-key infrastructure layer: keys as files and as the standards'
// envelopes carry them, above the signature schemes (lib/dstu4145, lib/ecdsa, lib/rsa) and below
// the CLI. Certificates, CMS signatures and key containers belong here too.
//
// What it holds: the PrivateKeyInfo and SubjectPublicKeyInfo envelopes (key_info.hpp);
// each scheme's keys in them, with their algorithm identifiers and parameters
// (dstu4145_key.hpp, ec_key.hpp, rsa_key.hpp); passphrase protection, PBES2 (encrypted_key.hpp); a
// key of any kind, its identifier and the hash it implies (key.hpp); key files, read by
// one call that says what they hold (key_file.hpp); X.509 certificates, their signatures
// and key identifiers (certificate.hpp), CRLs (crl.hpp) and bundles of both (bundle.hpp);
// CMS SignedData, read and its signers verified (cms.hpp), and written (cms_sign.hpp);
// RFC 3161 timestamps, their requests, responses and place in a SignedData (timestamp.hpp).
//
// Why the key codecs live here rather than in their schemes: a key's wire form is the
// PKIX profiles' business (RFC 5280, RFC 5480, RFC 5915, RFC 5958, RFC 8017 Appendix A,
// and Ukrainian PKI's DSTU4145Params), read by the same AlgorithmIdentifier dispatch
// whatever the scheme. A certificate needs the SubjectPublicKeyInfo of every kind and a
// container the PrivateKeyInfo of every kind with its attributes; with one envelope
// reader and the per-algorithm parameters next to it, each arrives once. The schemes
// keep the arithmetic: keys as numbers and points, signing, verification, signature
// octets.
//
// Depends on: base (DER, PEM, wiping memory), hash (GOST 34.311 and SHA-256 for key
// identifiers and hashing, PBKDF2 and GOST 28147 for PBES2), dstu4145, ecdsa and rsa (the
// key types, and through them the curves).
// Secret: private keys (d, from the file's octets to the key), passphrases and what
// they decrypt; every decision on them is constant time or on public framing only, but
// for the consistency check of an RSA key being read (rsa::check_key), variable time in
// its primes as lib/mp's division and inverse are.
#pragma once

#include "dstu/pkix/bundle.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/crl.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/pkix/key_info.hpp"
#include "dstu/pkix/rsa_key.hpp"
#include "dstu/pkix/timestamp.hpp"
