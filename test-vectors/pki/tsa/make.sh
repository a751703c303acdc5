#!/bin/sh
# Writes the ECDSA P-256 timestamps of this folder (README.md says what each file is) with
# the `openssl` command (OpenSSL 3.0): a root, a TSA certificate under it with a critical
# extendedKeyUsage of timeStamping alone (RFC 3161 §2.3), a request over data.txt with
# `openssl ts -query` and the TSA's response and token with `openssl ts -reply`; fresh
# keys, not kept; the genTime is the time of the run, to the millisecond.
# Run in this folder: sh make.sh.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl ecparam -name prime256v1 -genkey -noout -out "$work/root.key"
openssl ecparam -name prime256v1 -genkey -noout -out "$work/tsa.key"
openssl req -x509 -new -key "$work/root.key" -subj "/CN=dstu test TSA root/O=dstu" -days 7300 -sha256 \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -out root.pem
cat > "$work/tsa.ext" <<EXT
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EXT
openssl req -new -key "$work/tsa.key" -subj "/CN=dstu test TSA/O=dstu" -out "$work/tsa.csr"
openssl x509 -req -in "$work/tsa.csr" -CA root.pem -CAkey "$work/root.key" -set_serial 0x5A -days 3650 -sha256 \
  -extfile "$work/tsa.ext" -out tsa.pem

echo 5001 > "$work/serial"
cat > "$work/ts.cnf" <<CNF
[tsa]
default_tsa = this
[this]
serial = $work/serial
crypto_device = builtin
signer_cert = tsa.pem
signer_key = $work/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384
accuracy = secs:1, millisecs:500
clock_precision_digits = 3
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
CNF

# request.tsq asks for the certificate (certReq TRUE), request-nocert.tsq does not.
openssl ts -query -data data.txt -sha256 -cert -out request.tsq
openssl ts -reply -config "$work/ts.cnf" -queryfile request.tsq -out response.tsr
openssl ts -reply -in response.tsr -token_out -out token.tst
openssl ts -query -data data.txt -sha384 -no_nonce -out request-nocert.tsq
openssl ts -reply -config "$work/ts.cnf" -queryfile request-nocert.tsq -token_out -out token-nocert.tst
