// What `dstu info` reports of each thing a PKI file holds, as JSON (the --json records)
// and as indented text made from the same JSON (as `openssl x509 -text` and `openssl
// pkcs12 -info` print theirs). The fields come from lib/pkix; here they are only laid out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/crl.hpp"
#include "output.hpp"

namespace dstu::cli {

/// A public key: algorithm, curve, key id.
Json key_record(const pkix::AnyPublicKey& key);

/// A certificate's fields, its key and whether its SKI is the Ukrainian key id.
Json certificate_record(const pkix::Certificate& cert);

/// A CRL's fields and entries.
Json crl_record(const pkix::Crl& crl);

/// A CMS signed file: content type, whether the content is attached, each signer (its
/// certificate's issuer and serial or key identifier, digest, signature algorithm,
/// signing time) and the certificates; nothing is verified here.
Json signed_data_record(const pkix::SignedData& sd);

/// A container: its format, every key with its certificate (the one dstu sign takes
/// marked), and its certificates.
Json container_record(const pkix::Container& container);

/// The record as indented text: "name: value" lines, objects and lists of objects
/// indented under their name.
void print_record_text(const Json& record, int indent = 0);

}  // namespace dstu::cli
