package io.dpone.testkit.evidence;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationReceipt;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Turns a runtime receipt produced against a local synthetic fixture into a {@code local_synthetic}
 * receipt (spec 001: "A synthetic evidence receipt must identify its scope as local_synthetic and
 * bind the exact commit and fixture configuration. It is not live certification."). The body keeps
 * every runtime field and adds the exact commit, whether the work tree had uncommitted changes,
 * the fixture configuration and its digest. The status stays UNVERIFIED: a test run never
 * certifies anything.
 */
public final class SyntheticReceipts {
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

    private SyntheticReceipts() {}

    /** The exact commit and fixture a synthetic receipt binds. */
    public record Binding(String commit, boolean worktreeClean, Map<String, String> fixture) {
        public Binding {
            requireNonNull(commit, "commit is null");
            if (!COMMIT.matcher(commit).matches()) {
                throw new IllegalArgumentException("a commit is 40 lowercase hex characters");
            }
            fixture = Map.copyOf(new TreeMap<>(requireNonNull(fixture, "fixture is null")));
        }

        /** SHA-256 over the sorted fixture keys and values. */
        public String fixtureDigest() {
            CanonicalEncoder encoder = CanonicalEncoder.forDomain("dpone.testkit.synthetic-fixture.v1")
                    .number(fixture.size());
            new TreeMap<>(fixture).forEach((key, value) -> encoder.text(key).text(value));
            return encoder.sha256().hex();
        }
    }

    public static PublicationReceipt localSynthetic(PublicationReceipt runtime, Binding binding) {
        requireNonNull(runtime, "runtime is null");
        requireNonNull(binding, "binding is null");
        if (runtime.evidenceScope() != EvidenceScope.RUNTIME) {
            throw new IllegalArgumentException("only a runtime receipt is bound to a synthetic fixture");
        }
        Map<String, Object> detail = new LinkedHashMap<>(runtime.detail());
        detail.put("evidence_scope", EvidenceScope.LOCAL_SYNTHETIC.wireName());
        detail.put("evidence_status", EvidenceStatus.UNVERIFIED.wireName());
        detail.put("commit", binding.commit());
        detail.put("worktree_clean", binding.worktreeClean());
        detail.put("fixture", new LinkedHashMap<>(new TreeMap<>(binding.fixture())));
        detail.put("fixture_digest", binding.fixtureDigest());
        return new PublicationReceipt(
                runtime.schema(),
                runtime.replicationMode(),
                runtime.operationId(),
                EvidenceScope.LOCAL_SYNTHETIC,
                EvidenceStatus.UNVERIFIED,
                runtime.outcome(),
                runtime.errorCode(),
                detail);
    }

    /** The {@code HEAD} commit of the repository at {@code directory} and whether its work tree is clean. */
    public static Binding currentCommit(Path directory, Map<String, String> fixture)
            throws IOException, InterruptedException {
        String head = git(directory, "rev-parse", "HEAD").strip();
        boolean clean = git(directory, "status", "--porcelain").isBlank();
        return new Binding(head, clean, fixture);
    }

    private static String git(Path directory, String... arguments) throws IOException, InterruptedException {
        String[] command = new String[arguments.length + 1];
        command[0] = "git";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("git " + arguments[0] + " failed");
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
