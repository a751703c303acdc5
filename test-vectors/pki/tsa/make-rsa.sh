#!/bin/sh
# Writes the RSA timestamp of this folder (README.md) with the `openssl` command (OpenSSL
# 3.0): a self-signed RSA-2048 TSA certificate with a critical extendedKeyUsage of
# timeStamping alone (RFC 3161 §2.3) and its token over data.txt from `openssl ts -reply`
# (SHA-512 imprint, the signer's digest SHA-384: PKCS#1 v1.5, which CMS names
# rsaEncryption); a fresh key, not kept. Run in this folder: sh make-rsa.sh.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/tsa.key"
openssl req -x509 -new -key "$work/tsa.key" -subj "/CN=dstu test RSA TSA/O=dstu" -days 7300 -sha256 \
  -addext "basicConstraints=critical,CA:FALSE" -addext "keyUsage=critical,digitalSignature" \
  -addext "extendedKeyUsage=critical,timeStamping" -out rsa-tsa.pem

echo 7001 > "$work/serial"
cat > "$work/ts.cnf" <<CNF
[tsa]
default_tsa = this
[this]
serial = $work/serial
crypto_device = builtin
signer_cert = rsa-tsa.pem
signer_key = $work/tsa.key
signer_digest = sha384
default_policy = 1.2.3.4.2
digests = sha512
ess_cert_id_alg = sha256
CNF
openssl ts -query -data data.txt -sha512 -cert -out "$work/request.tsq"
openssl ts -reply -config "$work/ts.cnf" -queryfile "$work/request.tsq" -token_out -out rsa-token.tst
openssl ts -verify -data data.txt -in rsa-token.tst -token_in -CAfile rsa-tsa.pem -untrusted rsa-tsa.pem
