#!/bin/sh
# Regenerates the ECDSA CMS vectors of this directory with the OpenSSL 3 command line:
# a P-256 key, its self-signed certificate, and `openssl cms -sign` over content.txt,
# attached, detached, with the signer named by its subject key identifier (SignerInfo
# version 3), without signed attributes, and with CAdES's signingCertificateV2 (-cades). ECDSA signatures are randomised: a new run
# writes other (equally valid) files.
set -eu
cd "$(dirname "$0")"
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ecdsa-key.pem
openssl req -x509 -new -key ecdsa-key.pem -sha256 -days 7300 \
  -subj "/O=dstu test/CN=CMS signer P-256" -out ecdsa-cert.pem
printf 'dstu CMS test content\n' > content.txt
sign() {
  openssl cms -sign -binary -md sha256 -nosmimecap -in content.txt -signer ecdsa-cert.pem \
    -inkey ecdsa-key.pem -outform DER "$@"
}
sign -nodetach -out ecdsa-attached.p7s
sign -out ecdsa-detached.p7s
sign -keyid -out ecdsa-keyid.p7s
sign -noattr -out ecdsa-noattr.p7s
sign -nodetach -cades -out ecdsa-cades.p7s
for f in ecdsa-attached ecdsa-keyid ecdsa-noattr ecdsa-cades; do
  openssl cms -verify -binary -inform DER -in $f.p7s -content content.txt -CAfile ecdsa-cert.pem -out /dev/null
done
openssl cms -verify -binary -inform DER -in ecdsa-detached.p7s -content content.txt -CAfile ecdsa-cert.pem -out /dev/null
