#!/usr/bin/env python3
"""Writes test-vectors/rsa/keys/: one RSA key per size made by `openssl genpkey` (512, 1024,
2048, 3072, 4096 bits) in every form OpenSSL writes it, for tests/pkix/test_rsa_key.cpp:

  rsaN.pkcs8.pem / .der    PrivateKeyInfo            openssl genpkey; openssl pkcs8 -topk8 -nocrypt
  rsaN.pkcs1.pem / .der    RSAPrivateKey             openssl rsa -traditional
  rsaN.spki.pem / .der     SubjectPublicKeyInfo      openssl rsa -pubout
  rsaN.rsapub.pem / .der   RSAPublicKey              openssl rsa -RSAPublicKey_out
  rsaN.enc.pem             EncryptedPrivateKeyInfo   openssl pkcs8 -topk8 -v2 aes256
                           (PBKDF2-HMAC-SHA-256, AES-256-CBC; passphrase in PASSPHRASE below)

Usage (from the top of the checkout): tests/pkix/make_rsa_key_vectors.py"""
import pathlib
import subprocess

SIZES = [512, 1024, 2048, 3072, 4096]
PASSPHRASE = "rsa key test"
OUT = pathlib.Path("test-vectors/rsa/keys")


def run(args, data=None):
    return subprocess.run(args, input=data, capture_output=True, check=True).stdout


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for bits in SIZES:
        pem = run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", f"rsa_keygen_bits:{bits}"])
        forms = {
            "pkcs8.pem": pem,
            "pkcs8.der": run(["openssl", "pkcs8", "-topk8", "-nocrypt", "-outform", "DER"], pem),
            "pkcs1.pem": run(["openssl", "rsa", "-traditional"], pem),
            "pkcs1.der": run(["openssl", "rsa", "-traditional", "-outform", "DER"], pem),
            "spki.pem": run(["openssl", "rsa", "-pubout"], pem),
            "spki.der": run(["openssl", "rsa", "-pubout", "-outform", "DER"], pem),
            "rsapub.pem": run(["openssl", "rsa", "-RSAPublicKey_out"], pem),
            "rsapub.der": run(["openssl", "rsa", "-RSAPublicKey_out", "-outform", "DER"], pem),
            "enc.pem": run(["openssl", "pkcs8", "-topk8", "-v2", "aes256", "-passout", f"pass:{PASSPHRASE}"], pem),
        }
        for suffix, data in forms.items():
            (OUT / f"rsa{bits}.{suffix}").write_bytes(data)


if __name__ == "__main__":
    main()
