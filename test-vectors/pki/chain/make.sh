#!/bin/sh
# Writes the ECDSA P-256 certification paths and CRLs of this folder (README.md says what
# each file is) with the `openssl` command (OpenSSL 3.0): fixed validity periods and CRL
# times, so that the tests can name the instants they check at; fresh keys, not kept.
# Run in this folder: sh make.sh. The revocations are written straight into each CA's
# index (openssl ca's database: status, expiry, revocation date and reason, serial), so
# that their dates are fixed too.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ca NAME: a CA database in $work/NAME (index, serial, CRL number) and its config.
ca() {
  mkdir -p "$work/$1"
  : > "$work/$1/index.txt"
  echo 1000 > "$work/$1/crlnumber"
  cat > "$work/$1.cnf" <<CNF
[ca]
default_ca = this
[this]
dir = $work/$1
database = \$dir/index.txt
new_certs_dir = \$dir
serial = \$dir/serial
crlnumber = \$dir/crlnumber
default_md = sha256
policy = any
unique_subject = no
copy_extensions = none
[any]
commonName = supplied
organizationName = optional
[root]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ca_pathlen0]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[not_ca]
basicConstraints = critical, CA:FALSE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[no_keycertsign]
basicConstraints = critical, CA:TRUE
keyUsage = critical, digitalSignature, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[crl_ext]
authorityKeyIdentifier = keyid
[delta_ext]
authorityKeyIdentifier = keyid
2.5.29.27 = critical, ASN1:INTEGER:4096
CNF
}

key() { openssl ecparam -name prime256v1 -genkey -noout -out "$work/$1.key"; }

# issue CA_NAME SERIAL SUBJECT KEY EXTENSIONS START END OUT
issue() {
  echo "$2" > "$work/$1/serial"
  openssl req -new -key "$work/$4.key" -subj "$3" -out "$work/req.csr"
  openssl ca -batch -notext -config "$work/$1.cnf" -cert "$1.pem" -keyfile "$work/$1.key" \
    -extensions "$5" -startdate "$6" -enddate "$7" -in "$work/req.csr" -out "$work/out.pem"
  openssl x509 -in "$work/out.pem" -out "$8"
}

# A root, self-signed; an intermediate under it; leaves under the intermediate.
ca root; key root
echo 01 > "$work/root/serial"
openssl req -new -key "$work/root.key" -subj "/CN=dstu test root/O=dstu" -out "$work/req.csr"
openssl ca -batch -notext -selfsign -config "$work/root.cnf" -keyfile "$work/root.key" -extensions root \
  -startdate 20240101000000Z -enddate 20440101000000Z -in "$work/req.csr" -out "$work/out.pem"
openssl x509 -in "$work/out.pem" -out root.pem

ca int; key int; key leaf
issue root 10 "/CN=dstu test intermediate/O=dstu" int ca_ext 20240101000000Z 20340101000000Z int.pem
cp int.pem "$work/int.pem"
issue int 20 "/CN=dstu test leaf/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf.pem
issue int 21 "/CN=dstu test revoked leaf/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf-revoked.pem
issue int 22 "/CN=dstu test expired leaf/O=dstu" leaf leaf 20240101000000Z 20240601000000Z leaf-expired.pem
issue int 23 "/CN=dstu test held leaf/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf-held.pem
issue int 24 "/CN=dstu test superseded leaf/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf-superseded.pem

# Intermediates that must not issue: cA false; keyUsage without keyCertSign; pathlen 0
# over another CA.
ca notca; key notca
issue root 11 "/CN=dstu test not-CA intermediate/O=dstu" notca not_ca 20240101000000Z 20340101000000Z notca.pem
issue notca 30 "/CN=dstu test leaf under not-CA/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf-notca.pem
ca nokcs; key nokcs
issue root 12 "/CN=dstu test no-keyCertSign intermediate/O=dstu" nokcs no_keycertsign 20240101000000Z 20340101000000Z \
  nokcs.pem
issue nokcs 40 "/CN=dstu test leaf under no-keyCertSign/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf-nokcs.pem
ca pl0; key pl0
issue root 13 "/CN=dstu test pathlen-0 intermediate/O=dstu" pl0 ca_pathlen0 20240101000000Z 20340101000000Z pl0.pem
ca sub; key sub
issue pl0 50 "/CN=dstu test CA under pathlen 0/O=dstu" sub ca_ext 20240101000000Z 20340101000000Z sub.pem
issue sub 60 "/CN=dstu test leaf under pathlen 0/O=dstu" leaf leaf 20250101000000Z 20300101000000Z leaf-pathlen.pem

# The intermediate's CRLs. Base, number 4096 (hex 1000): the revoked leaf for
# keyCompromise on 2025-06-01, the held leaf on hold since 2025-03-01. Delta on that base,
# number 4097: the held leaf removed from the CRL, the superseded leaf revoked on
# 2025-07-01. A stale CRL, current only in January 2025. The root's CRL, empty.
printf 'R\t300101000000Z\t250601000000Z,keyCompromise\t21\tunknown\t/CN=dstu test revoked leaf/O=dstu\n' \
  > "$work/int/index.txt"
printf 'R\t300101000000Z\t250301000000Z,certificateHold\t23\tunknown\t/CN=dstu test held leaf/O=dstu\n' \
  >> "$work/int/index.txt"
echo 1000 > "$work/int/crlnumber"
openssl ca -gencrl -config "$work/int.cnf" -cert int.pem -keyfile "$work/int.key" -crlexts crl_ext \
  -crl_lastupdate 20250701000000Z -crl_nextupdate 20260701000000Z -out int.crl.pem
printf 'R\t300101000000Z\t250801000000Z,removeFromCRL\t23\tunknown\t/CN=dstu test held leaf/O=dstu\n' \
  > "$work/int/index.txt"
printf 'R\t300101000000Z\t250701000000Z,superseded\t24\tunknown\t/CN=dstu test superseded leaf/O=dstu\n' \
  >> "$work/int/index.txt"
echo 1001 > "$work/int/crlnumber"
openssl ca -gencrl -config "$work/int.cnf" -cert int.pem -keyfile "$work/int.key" -crlexts delta_ext \
  -crl_lastupdate 20250801000000Z -crl_nextupdate 20250901000000Z -out int-delta.crl.pem
: > "$work/int/index.txt"
echo 0fff > "$work/int/crlnumber"
openssl ca -gencrl -config "$work/int.cnf" -cert int.pem -keyfile "$work/int.key" -crlexts crl_ext \
  -crl_lastupdate 20250101000000Z -crl_nextupdate 20250201000000Z -out int-stale.crl.pem
# A CRL issued on 2025-05-01 that announces serial 21's revocation for 2025-06-01.
printf 'R\t300101000000Z\t250601000000Z,keyCompromise\t21\tunknown\t/CN=dstu test revoked leaf/O=dstu\n' \
  > "$work/int/index.txt"
echo 0ffe > "$work/int/crlnumber"
openssl ca -gencrl -config "$work/int.cnf" -cert int.pem -keyfile "$work/int.key" -crlexts crl_ext \
  -crl_lastupdate 20250501000000Z -crl_nextupdate 20260501000000Z -out int-ahead.crl.pem
openssl ca -gencrl -config "$work/root.cnf" -cert root.pem -keyfile "$work/root.key" -crlexts crl_ext \
  -crl_lastupdate 20250101000000Z -crl_nextupdate 20350101000000Z -out root.crl.pem
