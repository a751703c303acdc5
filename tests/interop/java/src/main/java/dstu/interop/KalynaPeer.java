package dstu.interop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.digests.DSTU7564Digest;
import org.bouncycastle.crypto.engines.DSTU7624Engine;
import org.bouncycastle.crypto.engines.DSTU7624WrapEngine;
import org.bouncycastle.crypto.macs.DSTU7564Mac;
import org.bouncycastle.crypto.macs.DSTU7624Mac;
import org.bouncycastle.crypto.macs.KGMac;
import org.bouncycastle.crypto.modes.AEADBlockCipher;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.KCCMBlockCipher;
import org.bouncycastle.crypto.modes.KCTRBlockCipher;
import org.bouncycastle.crypto.modes.KGCMBlockCipher;
import org.bouncycastle.crypto.modes.KXTSBlockCipher;
import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The "kalyna" verb of the BouncyCastle peer: DSTU 7624:2014 (Kalyna) and DSTU 7564:2014
 * (Kupyna, its MAC) computed by BouncyCastle, for dstu's differential tests
 * (tests/cipher/test_kalyna_bc.cpp).
 *
 * <pre>bc-peer kalyna --in CASES --out RESULTS</pre>
 *
 * Each line of CASES is one case: {@code OP BLOCKBITS PARAM KEY IV AAD DATA}, the last four
 * in hex ("-" when empty). Each line of RESULTS is the hex result of the case on the same
 * line, or "ERR reason" when BouncyCastle refuses it. Ops (PARAM in brackets):
 * ecb-enc ecb-dec cbc-enc cbc-dec cfb-enc cfb-dec ofb ctr xts-enc xts-dec
 * mac [tag bits] gcm-enc [tag bits] gmac [tag bits] ccm-enc [1000 N_b + tag bits] (output: data || tag)
 * kw-wrap kw-unwrap kmac [MAC bits] kupyna [digest bits].
 */
final class KalynaPeer {
    private KalynaPeer() {
    }

    static int run(String in, String out) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(Path.of(in), StandardCharsets.US_ASCII);
             PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(out), StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null;) {
                if (line.isBlank()) {
                    continue;
                }
                String result;
                try {
                    result = hex(one(line.trim().split("\\s+")));
                } catch (Exception e) {
                    result = "ERR " + e.getClass().getSimpleName() + ": " + e.getMessage();
                }
                w.println(result.replace('\n', ' '));
            }
        }
        return 0;
    }

    static byte[] one(String[] f) throws Exception {
        if (f.length != 7) {
            throw new IllegalArgumentException("a case has 7 fields, this one " + f.length);
        }
        String op = f[0];
        int bits = Integer.parseInt(f[1]);
        int param = Integer.parseInt(f[2]);
        byte[] key = unhex(f[3]);
        byte[] iv = unhex(f[4]);
        byte[] aad = unhex(f[5]);
        byte[] data = unhex(f[6]);
        switch (op) {
            case "ecb-enc":
            case "ecb-dec":
                return blocks(new DSTU7624Engine(bits), op.endsWith("enc"), new KeyParameter(key), data);
            case "cbc-enc":
            case "cbc-dec":
                return blocks(new CBCBlockCipher(new DSTU7624Engine(bits)), op.endsWith("enc"),
                    new ParametersWithIV(new KeyParameter(key), iv), data);
            case "cfb-enc":
            case "cfb-dec":
                return blocks(new CFBBlockCipher(new DSTU7624Engine(bits), bits), op.endsWith("enc"),
                    new ParametersWithIV(new KeyParameter(key), iv), data);
            case "ofb":
                return stream(new OFBBlockCipher(new DSTU7624Engine(bits), bits), new ParametersWithIV(new KeyParameter(key), iv), data);
            case "ctr":
                return stream(new KCTRBlockCipher(new DSTU7624Engine(bits)), new ParametersWithIV(new KeyParameter(key), iv), data);
            case "xts-enc":
            case "xts-dec": {
                BufferedBlockCipher c = new KXTSBlockCipher(new DSTU7624Engine(bits));  // a buffered cipher itself
                c.init(op.endsWith("enc"), new ParametersWithIV(new KeyParameter(key), iv));
                byte[] o = new byte[c.getOutputSize(data.length)];
                int n = c.processBytes(data, 0, data.length, o, 0);
                n += c.doFinal(o, n);
                return Arrays.copyOf(o, n);
            }
            case "mac": {
                DSTU7624Mac m = new DSTU7624Mac(bits, param);
                m.init(new KeyParameter(key));
                m.update(data, 0, data.length);
                byte[] o = new byte[m.getMacSize()];
                m.doFinal(o, 0);
                return o;
            }
            case "gcm-enc":
                return aead(new KGCMBlockCipher(new DSTU7624Engine(bits)), new AEADParameters(new KeyParameter(key), param, iv), aad, data);
            case "ccm-enc":
                return aead(new KCCMBlockCipher(new DSTU7624Engine(bits), param / 1000),
                    new AEADParameters(new KeyParameter(key), param % 1000, iv), aad, data);
            case "gmac": {
                KGMac m = new KGMac(new KGCMBlockCipher(new DSTU7624Engine(bits)), param);
                m.init(new ParametersWithIV(new KeyParameter(key), iv));
                m.update(data, 0, data.length);
                byte[] o = new byte[m.getMacSize()];
                m.doFinal(o, 0);
                return o;
            }
            case "kw-wrap":
            case "kw-unwrap": {
                DSTU7624WrapEngine w = new DSTU7624WrapEngine(bits);
                final boolean wrap = op.equals("kw-wrap");
                w.init(wrap, new KeyParameter(key));
                return wrap ? w.wrap(data, 0, data.length) : w.unwrap(data, 0, data.length);
            }
            case "kmac": {
                DSTU7564Mac m = new DSTU7564Mac(param);
                m.init(new KeyParameter(key));
                m.update(data, 0, data.length);
                byte[] o = new byte[m.getMacSize()];
                m.doFinal(o, 0);
                return o;
            }
            case "kupyna": {
                DSTU7564Digest d = new DSTU7564Digest(param);
                d.update(data, 0, data.length);
                byte[] o = new byte[d.getDigestSize()];
                d.doFinal(o, 0);
                return o;
            }
            default:
                throw new IllegalArgumentException("unknown op '" + op + "'");
        }
    }

    /** Whole blocks through a block cipher or mode, one block at a time. */
    static byte[] blocks(BlockCipher c, boolean encrypt, org.bouncycastle.crypto.CipherParameters p, byte[] data) {
        c.init(encrypt, p);
        int b = c.getBlockSize();
        if (data.length % b != 0) {
            throw new IllegalArgumentException("not whole blocks");
        }
        byte[] o = new byte[data.length];
        for (int at = 0; at < data.length; at += b) {
            c.processBlock(data, at, o, at);
        }
        return o;
    }

    /** A stream mode (OFB, CTR) over any length. */
    static byte[] stream(org.bouncycastle.crypto.StreamCipher c, org.bouncycastle.crypto.CipherParameters p, byte[] data) {
        c.init(true, p);
        byte[] o = new byte[data.length];
        c.processBytes(data, 0, data.length, o, 0);
        return o;
    }

    /** Encryption: ciphertext || tag. */
    static byte[] aead(AEADBlockCipher c, AEADParameters p, byte[] aad, byte[] data) throws Exception {
        c.init(true, p);
        c.processAADBytes(aad, 0, aad.length);
        byte[] o = new byte[c.getOutputSize(data.length)];
        int n = c.processBytes(data, 0, data.length, o, 0);
        n += c.doFinal(o, n);
        return Arrays.copyOf(o, n);
    }

    static byte[] unhex(String s) {
        if (s.equals("-")) {
            return new byte[0];
        }
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder(2 * b.length + 1);
        for (byte x : b) {
            sb.append(String.format(Locale.ROOT, "%02x", x & 0xff));
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }
}
