#!/bin/sh
# Regenerates the RSA CMS vectors of this directory with the OpenSSL 3 command line: a
# 2048-bit key, two self-signed certificates of it (sha256WithRSAEncryption, and
# RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-octet salt), and `openssl cms -sign` over
# content.txt with PKCS#1 v1.5 (signature algorithm rsaEncryption) and with PSS (OpenSSL's
# default salt for CMS, the largest). PSS signatures and the key are randomised: a new run
# writes other (equally valid) files.
set -eu
cd "$(dirname "$0")"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa-key.pem
openssl req -x509 -new -key rsa-key.pem -sha256 -days 7300 \
  -subj "/O=dstu test/CN=CMS signer RSA-2048" -out rsa-cert.pem
openssl req -x509 -new -key rsa-key.pem -sha256 -days 7300 -sigopt rsa_padding_mode:pss \
  -sigopt rsa_pss_saltlen:32 -subj "/O=dstu test/CN=CMS signer RSA-2048 PSS" -out rsa-pss-cert.pem
sign() {
  openssl cms -sign -binary -nosmimecap -in content.txt -signer rsa-cert.pem -inkey rsa-key.pem -outform DER "$@"
}
sign -md sha256 -out rsa-pkcs1-detached.p7s
sign -md sha384 -nodetach -keyopt rsa_padding_mode:pss -out rsa-pss-attached.p7s
sign -md sha512 -noattr -out rsa-pkcs1-noattr.p7s
for f in rsa-pkcs1-detached rsa-pss-attached rsa-pkcs1-noattr; do
  openssl cms -verify -binary -inform DER -in $f.p7s -content content.txt -CAfile rsa-cert.pem -out /dev/null
done
openssl verify -CAfile rsa-pss-cert.pem rsa-pss-cert.pem
