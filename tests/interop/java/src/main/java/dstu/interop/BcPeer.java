package dstu.interop;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.ua.DSTU4145BinaryField;
import org.bouncycastle.asn1.ua.DSTU4145ECBinary;
import org.bouncycastle.asn1.ua.DSTU4145NamedCurves;
import org.bouncycastle.asn1.ua.DSTU4145Params;
import org.bouncycastle.asn1.ua.DSTU4145PointEncoder;
import org.bouncycastle.asn1.ua.UAObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.digests.GOST3411Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.DSTU4145Signer;
import org.bouncycastle.jcajce.provider.asymmetric.util.ECUtil;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jce.spec.ECNamedCurveParameterSpec;
import org.bouncycastle.jce.spec.ECParameterSpec;
import org.bouncycastle.jce.spec.ECPrivateKeySpec;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;

/**
 * BouncyCastle side of the dstu interoperability tests: a small CLI around BC's DSTU 4145 support.
 * The verbs, options, file formats and exit codes are described in tests/interop/README.md;
 * {@link #USAGE} is the short form.
 */
public final class BcPeer {
    static final String USAGE = String.join("\n",
        "usage: bc-peer VERB [OPTIONS]",
        "  keygen  --curve NAME|OID --priv FILE --pub FILE [--oid be|le]",
        "  sign    --priv FILE [--alg GOST3411WITHDSTU4145LE|GOST3411WITHDSTU4145] --in FILE --out FILE",
        "          [--raw] [--digest] [--nonce HEX]",
        "  verify  --pub FILE [--alg ...] --in FILE --sig FILE [--raw] [--digest]",
        "  pubinfo --pub FILE | --priv FILE",
        "  hash    --in FILE",
        "  kalyna  --in CASES --out RESULTS   (DSTU 7624 / 7564 cases, see KalynaPeer.java)",
        "  version",
        "  serve   (requests on stdin, one per line, TAB between arguments; see tests/interop/README.md)",
        "curves: dstu163 dstu167 dstu173 dstu179 dstu191 dstu233 dstu257 dstu307 dstu367 dstu431",
        "exit: 0 ok/valid, 1 invalid signature (verify only), 2 error");

    static final ASN1ObjectIdentifier OID_LE = UAObjectIdentifiers.dstu4145le; // 1.2.804.2.1.1.1.1.3.1.1
    static final ASN1ObjectIdentifier OID_BE = UAObjectIdentifiers.dstu4145be; // ...3.1.1.1.1
    static final String CURVE_OID_BASE = "1.2.804.2.1.1.1.1.3.1.1.2.";
    static final int[] CURVE_M = {163, 167, 173, 179, 191, 233, 257, 307, 367, 431};
    static final String ALG_LE = "GOST3411WITHDSTU4145LE";
    static final String ALG_BE = "GOST3411WITHDSTU4145";

    private static final Set<String> FLAGS = Set.of("raw", "digest");
    private static Provider provider;

    /** A usage or input problem: reported on stderr, exit status 2. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
    }

    private BcPeer() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 1 && args[0].equals("serve")) {
            serve();
            return;
        }
        int rc = runReporting(args);
        System.out.flush();
        System.exit(rc);
    }

    /**
     * run(), with a failure reported on stderr as exit status 2. Errors too (a stack overflow
     * on hostile DER), so that one request cannot end a serve process.
     */
    static int runReporting(String[] args) {
        try {
            return run(args);
        } catch (Failure e) {
            System.err.println("bc-peer: " + e.getMessage());
        } catch (Throwable e) {
            System.err.println("bc-peer: " + e);
        }
        return 2;
    }

    /** The next line of in, ended by LF only (readLine would end one at a CR too), or null at its end. */
    static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    /**
     * The serve verb: one JVM answers many requests (each JVM start and BC set-up costs about
     * half a second). Each line of stdin holds one request's arguments separated by TABs; each
     * answer is a line "STATUS OUT_BYTES ERR_BYTES" followed by that many octets of the request's
     * stdout, then of its stderr. Ends at the end of stdin.
     */
    static void serve() throws IOException {
        PrintStream out = System.out;
        PrintStream err = System.err;
        InputStream in = new BufferedInputStream(System.in);
        for (String line = readRequest(in); line != null; line = readRequest(in)) {
            ByteArrayOutputStream o = new ByteArrayOutputStream();
            ByteArrayOutputStream e = new ByteArrayOutputStream();
            int rc;
            try {
                System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
                rc = runReporting(line.isEmpty() ? new String[0] : line.split("\t", -1));
            } finally {
                System.out.flush();
                System.err.flush();
                System.setOut(out);
                System.setErr(err);
            }
            byte[] ob = o.toByteArray();
            byte[] eb = e.toByteArray();
            out.write((rc + " " + ob.length + " " + eb.length + "\n").getBytes(StandardCharsets.UTF_8));
            out.write(ob);
            out.write(eb);
            out.flush();
        }
    }

    static Provider bc() {
        if (provider == null) {
            provider = new BouncyCastleProvider();
        }
        return provider;
    }

    static int run(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help")) {
            System.out.println(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        String verb = args[0];
        Map<String, String> opt = new HashMap<>();
        Set<String> flags = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new Failure("unexpected argument '" + a + "'");
            }
            String key = a.substring(2);
            if (FLAGS.contains(key)) {
                flags.add(key);
            } else {
                if (i + 1 >= args.length) {
                    throw new Failure("option " + a + " needs a value");
                }
                opt.put(key, args[++i]);
            }
        }
        switch (verb) {
            case "keygen":
                return keygen(opt);
            case "sign":
                return sign(opt, flags);
            case "verify":
                return verify(opt, flags);
            case "pubinfo":
                return pubinfo(opt);
            case "hash":
                System.out.println(hex(gost34311(read(need(opt, "in")))));
                return 0;
            case "kalyna":
                return KalynaPeer.run(need(opt, "in"), need(opt, "out"));
            case "version":
                System.out.println(bc().getInfo() + " (bcprov-jdk18on " + bc().getVersionStr() + ")");
                return 0;
            default:
                throw new Failure("unknown verb '" + verb + "'\n" + USAGE);
        }
    }

    // ---------------------------------------------------------------- verbs

    static int keygen(Map<String, String> opt) throws Exception {
        ASN1ObjectIdentifier curve = curveOid(need(opt, "curve"));
        String form = opt.getOrDefault("oid", "be");
        if (!form.equals("be") && !form.equals("le")) {
            throw new Failure("--oid must be 'be' or 'le'");
        }
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("DSTU4145", bc());
        kpg.initialize(new ECGenParameterSpec(curve.getId()), new SecureRandom());
        KeyPair kp = kpg.generateKeyPair();
        byte[] priv;
        byte[] pub;
        if (form.equals("be")) {
            // Exactly what BouncyCastle writes by default (big-endian algorithm OID).
            priv = kp.getPrivate().getEncoded();
            pub = kp.getPublic().getEncoded();
        } else {
            ECDomainParameters dp = DSTU4145NamedCurves.getByOID(curve);
            BigInteger d = ((org.bouncycastle.jce.interfaces.ECPrivateKey) kp.getPrivate()).getD();
            ECPoint q = ((org.bouncycastle.jce.interfaces.ECPublicKey) kp.getPublic()).getQ();
            priv = encodePrivateLe(curve, d, dp.getN());
            pub = encodePublicLe(curve, q);
        }
        Files.write(Path.of(need(opt, "priv")), priv);
        Files.write(Path.of(need(opt, "pub")), pub);
        return 0;
    }

    static int sign(Map<String, String> opt, Set<String> flags) throws Exception {
        PrivateKey priv = loadPrivate(read(need(opt, "priv")));
        boolean le = algIsLe(opt.get("alg"));
        byte[] in = read(need(opt, "in"));
        SecureRandom random = new SecureRandom();
        if (opt.containsKey("nonce")) {
            random = new FixedNonce(new BigInteger(need(opt, "nonce"), 16));
        }
        byte[] der;
        if (flags.contains("digest")) {
            // --in holds the GOST 34.311 hash value (octets as the hash outputs them);
            // sign it with the low-level signer and encode like the JCA layer does.
            ECPrivateKeyParameters kp = (ECPrivateKeyParameters) ECUtil.generatePrivateKeyParameter(priv);
            DSTU4145Signer signer = new DSTU4145Signer();
            signer.init(true, new ParametersWithRandom(kp, random));
            BigInteger[] rs = signer.generateSignature(in);
            byte[] octets = jcaStyleOctets(rs[0], rs[1], le);
            der = new DEROctetString(octets).getEncoded();
        } else {
            Signature s = Signature.getInstance(le ? ALG_LE : ALG_BE, bc());
            s.initSign(priv, random);
            s.update(in);
            der = s.sign();
        }
        byte[] out = der;
        if (flags.contains("raw")) {
            // The standard's layout, halves of ceil(L(n)/8) octets, not the JCA octets.
            BigInteger n = ((org.bouncycastle.jce.interfaces.ECPrivateKey) priv).getParameters().getN();
            BigInteger[] rs = splitOctets(ASN1OctetString.getInstance(der).getOctets(), le);
            out = standardOctets(rs[0], rs[1], (n.bitLength() + 7) / 8, le);
        }
        Files.write(Path.of(need(opt, "out")), out);
        return 0;
    }

    static int verify(Map<String, String> opt, Set<String> flags) throws Exception {
        PublicKey pub = loadPublic(read(need(opt, "pub")));
        boolean le = algIsLe(opt.get("alg"));
        byte[] in = read(need(opt, "in"));
        byte[] sig = read(need(opt, "sig"));
        byte[] der;
        if (flags.contains("raw")) {
            der = new DEROctetString(sig).getEncoded();
        } else {
            der = sig;
        }
        boolean ok;
        if (flags.contains("digest")) {
            byte[] octets;
            try {
                octets = ASN1OctetString.getInstance(ASN1Primitive.fromByteArray(der)).getOctets();
            } catch (Exception e) {
                return invalid("signature is not a DER OCTET STRING");
            }
            if (octets.length == 0 || octets.length % 2 != 0) {
                return invalid("signature length " + octets.length + " is not even");
            }
            BigInteger[] rs = splitOctets(octets, le);
            DSTU4145Signer signer = new DSTU4145Signer();
            signer.init(false, (ECPublicKeyParameters) ECUtil.generatePublicKeyParameter(pub));
            ok = signer.verifySignature(in, rs[0], rs[1]);
        } else {
            Signature s = Signature.getInstance(le ? ALG_LE : ALG_BE, bc());
            s.initVerify(pub);
            s.update(in);
            try {
                ok = s.verify(der);
            } catch (SignatureException e) {
                return invalid(e.getMessage());
            }
        }
        if (!ok) {
            return invalid("signature does not verify");
        }
        System.err.println("bc-peer: signature OK");
        return 0;
    }

    static int invalid(String why) {
        System.err.println("bc-peer: INVALID: " + why);
        return 1;
    }

    static int pubinfo(Map<String, String> opt) throws Exception {
        ASN1ObjectIdentifier alg;
        ECParameterSpec spec;
        ECPoint q;
        if (opt.containsKey("pub")) {
            byte[] der = read(opt.get("pub"));
            alg = SubjectPublicKeyInfo.getInstance(der).getAlgorithm().getAlgorithm();
            org.bouncycastle.jce.interfaces.ECPublicKey k =
                (org.bouncycastle.jce.interfaces.ECPublicKey) loadPublic(der);
            spec = k.getParameters();
            q = k.getQ();
        } else if (opt.containsKey("priv")) {
            byte[] der = read(opt.get("priv"));
            alg = PrivateKeyInfo.getInstance(der).getPrivateKeyAlgorithm().getAlgorithm();
            org.bouncycastle.jce.interfaces.ECPrivateKey k =
                (org.bouncycastle.jce.interfaces.ECPrivateKey) loadPrivate(der);
            spec = k.getParameters();
            q = spec.getG().multiply(k.getD()).negate().normalize(); // Q = -dP
        } else {
            throw new Failure("pubinfo needs --pub FILE or --priv FILE");
        }
        System.out.println("alg_oid=" + alg.getId());
        System.out.println("curve=" + curveLabel(spec));
        System.out.println("q_le=" + hex(compressLe(q)));
        return 0;
    }

    // ---------------------------------------------------------------- key files

    /** PKCS#8 under the LE OID: privateKey OCTET STRING = d, little-endian, ceil(L(n)/8) octets. */
    static byte[] encodePrivateLe(ASN1ObjectIdentifier curve, BigInteger d, BigInteger n) throws IOException {
        int len = (n.bitLength() + 7) / 8;
        byte[] dle = reverse(fixed(d, len));
        ASN1EncodableVector v = new ASN1EncodableVector();
        v.add(new ASN1Integer(0));
        v.add(new AlgorithmIdentifier(OID_LE, new DSTU4145Params(curve)));
        v.add(new DEROctetString(dle));
        return new DERSequence(v).getEncoded(ASN1Encoding.DER);
    }

    /** SPKI under the LE OID: BIT STRING wraps OCTET STRING of the little-endian compressed point. */
    static byte[] encodePublicLe(ASN1ObjectIdentifier curve, ECPoint q) throws IOException {
        SubjectPublicKeyInfo info = new SubjectPublicKeyInfo(
            new AlgorithmIdentifier(OID_LE, new DSTU4145Params(curve)),
            new DEROctetString(compressLe(q)));
        return info.getEncoded(ASN1Encoding.DER);
    }

    static KeyFactory keyFactory() throws Exception {
        return KeyFactory.getInstance("DSTU4145", bc());
    }

    /** SPKI under either OID: BouncyCastle's KeyFactory reads both (it reverses the point for the LE OID). */
    static PublicKey loadPublic(byte[] der) throws Exception {
        try {
            return keyFactory().generatePublic(new X509EncodedKeySpec(der));
        } catch (Exception e) {
            throw new Failure("cannot read public key: " + e.getMessage());
        }
    }

    /**
     * PKCS#8 under the BE OID goes to BouncyCastle's KeyFactory as is. Under the LE OID the privateKey
     * octets are d little-endian (UAPKI/jkurwa), which BouncyCastle would try to parse as DER, so we
     * convert: d and the domain parameters (named curve or DSTU ECBinary) become an ECPrivateKeySpec.
     */
    static PrivateKey loadPrivate(byte[] der) throws Exception {
        PrivateKeyInfo info;
        try {
            info = PrivateKeyInfo.getInstance(ASN1Primitive.fromByteArray(der));
        } catch (Exception e) {
            throw new Failure("private key is not a PKCS#8 PrivateKeyInfo: " + e.getMessage());
        }
        ASN1ObjectIdentifier alg = info.getPrivateKeyAlgorithm().getAlgorithm();
        try {
            if (alg.equals(OID_BE)) {
                return keyFactory().generatePrivate(new PKCS8EncodedKeySpec(der));
            }
            if (alg.equals(OID_LE)) {
                ECParameterSpec spec = domainFromParams(info.getPrivateKeyAlgorithm().getParameters(), true);
                byte[] dle = info.getPrivateKey().getOctets();
                BigInteger d = new BigInteger(1, reverse(dle));
                return keyFactory().generatePrivate(new ECPrivateKeySpec(d, spec));
            }
        } catch (Failure e) {
            throw e;
        } catch (Exception e) {
            throw new Failure("cannot read private key: " + e.getMessage());
        }
        throw new Failure("private key algorithm " + alg.getId() + " is not DSTU 4145");
    }

    /** AlgorithmIdentifier parameters: a curve OID, or DSTU4145Params (named curve or ECBinary). */
    static ECParameterSpec domainFromParams(ASN1Encodable params, boolean le) throws Failure {
        if (params instanceof ASN1ObjectIdentifier) {
            return namedSpec((ASN1ObjectIdentifier) params);
        }
        DSTU4145Params p = DSTU4145Params.getInstance(params);
        if (p.isNamedCurve()) {
            return namedSpec(p.getNamedCurve());
        }
        DSTU4145ECBinary bin = p.getECBinary();
        byte[] b = bin.getB();
        byte[] g = bin.getG();
        if (le) {
            b = reverse(b);
            g = reverse(g);
        }
        DSTU4145BinaryField f = bin.getField();
        ECCurve curve = new ECCurve.F2m(f.getM(), f.getK1(), f.getK2(), f.getK3(), bin.getA(),
            new BigInteger(1, b), bin.getN(), null);
        return new ECParameterSpec(curve, DSTU4145PointEncoder.decodePoint(curve, g), bin.getN());
    }

    static ECParameterSpec namedSpec(ASN1ObjectIdentifier oid) throws Failure {
        ECDomainParameters dp = DSTU4145NamedCurves.getByOID(oid);
        if (dp == null) {
            throw new Failure("unknown DSTU 4145 curve OID " + oid.getId());
        }
        return new ECNamedCurveParameterSpec(oid.getId(), dp.getCurve(), dp.getG(), dp.getN(), dp.getH(),
            dp.getSeed());
    }

    /** The named-curve OID whose parameters equal spec's, or "explicit:m=M". */
    static String curveLabel(ECParameterSpec spec) {
        for (ASN1ObjectIdentifier oid : DSTU4145NamedCurves.getOIDs()) {
            ECDomainParameters dp = DSTU4145NamedCurves.getByOID(oid);
            if (dp.getCurve().equals(spec.getCurve()) && dp.getN().equals(spec.getN())
                && dp.getG().equals(spec.getG())) {
                return oid.getId();
            }
        }
        return "explicit:m=" + spec.getCurve().getFieldSize();
    }

    static ASN1ObjectIdentifier curveOid(String s) throws Failure {
        String t = s.toLowerCase(Locale.ROOT);
        if (t.startsWith("dstu")) {
            String m = t.substring(4);
            for (int i = 0; i < CURVE_M.length; i++) {
                if (m.equals(Integer.toString(CURVE_M[i]))) {
                    return new ASN1ObjectIdentifier(CURVE_OID_BASE + i);
                }
            }
        } else if (t.startsWith(CURVE_OID_BASE) && t.length() == CURVE_OID_BASE.length() + 1
            && Character.isDigit(t.charAt(t.length() - 1))) {
            return new ASN1ObjectIdentifier(t);
        }
        throw new Failure("unknown curve '" + s + "' (dstu163 ... dstu431 or 1.2.804.2.1.1.1.1.3.1.1.2.0-9)");
    }

    static boolean algIsLe(String alg) throws Failure {
        if (alg == null) {
            return true;
        }
        String a = alg.toUpperCase(Locale.ROOT);
        if (a.equals(ALG_LE) || a.equals("LE")) {
            return true;
        }
        if (a.equals(ALG_BE) || a.equals("BE")) {
            return false;
        }
        throw new Failure("unknown --alg '" + alg + "' (" + ALG_LE + " or " + ALG_BE + ")");
    }

    // ---------------------------------------------------------------- encodings

    /** Compressed point (DSTU 4145 6.9) as ceil(m/8) little-endian octets. */
    static byte[] compressLe(ECPoint q) {
        int len = (q.getCurve().getFieldSize() + 7) / 8;
        return reverse(fixed(new BigInteger(1, DSTU4145PointEncoder.encodePoint(q)), len));
    }

    /**
     * The octets BouncyCastle's JCA layer puts in its OCTET STRING: s_be || r_be, each half as long as
     * the longer of r.toByteArray() and s.toByteArray() (so a sign octet or a shorter length is
     * possible); the LE algorithm reverses the whole string, giving r_le || s_le.
     */
    static byte[] jcaStyleOctets(BigInteger r, BigInteger s, boolean le) {
        byte[] rb = r.toByteArray();
        byte[] sb = s.toByteArray();
        int half = Math.max(rb.length, sb.length);
        byte[] out = new byte[2 * half];
        System.arraycopy(sb, 0, out, half - sb.length, sb.length);
        System.arraycopy(rb, 0, out, 2 * half - rb.length, rb.length);
        return le ? reverse(out) : out;
    }

    /** r_le || s_le (or s_be || r_be) with halves of exactly half octets: DSTU 4145's raw layout. */
    static byte[] standardOctets(BigInteger r, BigInteger s, int half, boolean le) {
        byte[] out = new byte[2 * half];
        System.arraycopy(fixed(s, half), 0, out, 0, half);
        System.arraycopy(fixed(r, half), 0, out, half, half);
        return le ? reverse(out) : out;
    }

    /** Inverse of {@link #jcaStyleOctets}: split in the middle. Returns {r, s}. */
    static BigInteger[] splitOctets(byte[] octets, boolean le) {
        byte[] o = le ? reverse(octets) : octets;
        int half = o.length / 2;
        byte[] sb = java.util.Arrays.copyOfRange(o, 0, half);
        byte[] rb = java.util.Arrays.copyOfRange(o, half, o.length);
        return new BigInteger[] {new BigInteger(1, rb), new BigInteger(1, sb)};
    }

    /** GOST 34.311-95 with the default DKE S-box (as BouncyCastle's DSTU 4145 signature uses). */
    static byte[] gost34311(byte[] msg) {
        byte[] packed = DSTU4145Params.getDefaultDKE();
        byte[] sbox = new byte[128];
        for (int i = 0; i < packed.length; i++) {
            sbox[2 * i] = (byte) ((packed[i] >> 4) & 0xf);
            sbox[2 * i + 1] = (byte) (packed[i] & 0xf);
        }
        GOST3411Digest dg = new GOST3411Digest(sbox);
        dg.update(msg, 0, msg.length);
        byte[] out = new byte[dg.getDigestSize()];
        dg.doFinal(out, 0);
        return out;
    }

    /**
     * Supplies a fixed nonce to DSTU4145Signer, which draws e as new BigInteger(L(n)-1, random): one
     * nextBytes() call of ceil((L(n)-1)/8) octets read big-endian. A second request means the nonce
     * was rejected (x(eP) = 0, r = 0 or s = 0), which a fixed nonce cannot fix.
     */
    static final class FixedNonce extends SecureRandom {
        private static final long serialVersionUID = 1L;
        private final BigInteger e;
        private boolean used;

        FixedNonce(BigInteger e) {
            this.e = e;
        }

        @Override
        public void nextBytes(byte[] bytes) {
            if (used) {
                throw new IllegalStateException("the fixed --nonce was rejected by the signer");
            }
            used = true;
            byte[] v = fixed(e, bytes.length);
            System.arraycopy(v, 0, bytes, 0, bytes.length);
        }
    }

    // ---------------------------------------------------------------- small helpers

    static String need(Map<String, String> opt, String key) throws Failure {
        String v = opt.get(key);
        if (v == null) {
            throw new Failure("missing --" + key);
        }
        return v;
    }

    static byte[] read(String file) throws Failure {
        try {
            return Files.readAllBytes(Path.of(file));
        } catch (IOException | UncheckedIOException e) {
            throw new Failure("cannot read " + file + ": " + e);
        }
    }

    /** Unsigned big-endian value in exactly len octets (truncating high octets if longer). */
    static byte[] fixed(BigInteger v, int len) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[len];
        int n = Math.min(len, b.length);
        System.arraycopy(b, b.length - n, out, len - n, n);
        return out;
    }

    static byte[] reverse(byte[] in) {
        byte[] out = new byte[in.length];
        for (int i = 0; i < in.length; i++) {
            out[i] = in[in.length - 1 - i];
        }
        return out;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length * 2);
        for (byte x : b) {
            sb.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
        }
        return sb.toString();
    }
}
