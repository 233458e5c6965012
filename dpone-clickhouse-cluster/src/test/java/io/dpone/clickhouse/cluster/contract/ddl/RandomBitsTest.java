package io.dpone.clickhouse.cluster.contract.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The production random source is SecureRandom-backed; predictable sources stay in tests. */
class RandomBitsTest {
    @Test
    void theProductionSourceIsOneSharedSecureRandom() {
        SecureRandomBits secure = assertInstanceOf(SecureRandomBits.class, RandomBits.secure());
        assertSame(secure, RandomBits.secure(), "one shared instance");
        assertEquals(new SecureRandom().getAlgorithm(), secure.algorithm(), "the platform's default SecureRandom");
    }

    @Test
    void itReturnsExactlyTheRequestedFreshBytes() {
        RandomBits secure = RandomBits.secure();
        assertEquals(16, secure.next(16).length);
        assertEquals(0, secure.next(0).length);
        assertThrows(IllegalArgumentException.class, () -> secure.next(-1));
        Set<String> draws = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 1000; i++) {
            assertTrue(draws.add(HexFormat.of().formatHex(secure.next(16))), "128-bit draws never repeat");
        }
    }

    @Test
    void tokensAndFencesIssueFromIt() {
        DdlCorrelationToken token =
                DdlCorrelationToken.issue(new Digest("a".repeat(64)), DdlAction.EXCHANGE, 1, RandomBits.secure());
        assertEquals(32, token.randomHex().length());
        assertNotEquals(FenceToken.issue(RandomBits.secure()), FenceToken.issue(RandomBits.secure()));
    }

    @Test
    void concurrentDrawsAreSafeAndDistinct() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Set<String> draws = ConcurrentHashMap.newKeySet();
            List<Future<?>> tasks = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                tasks.add(pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        draws.add(HexFormat.of().formatHex(RandomBits.secure().next(16)));
                    }
                }));
            }
            for (Future<?> task : tasks) {
                task.get();
            }
            assertEquals(2000, draws.size());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Guards the production sources of the modules that issue or wire tokens (this one, the
     * external mode and the CLI composition root): none may build a token source with
     * {@code RandomBits.from} or use {@code java.util.Random}. The dpone-testkit is test support
     * and is not scanned.
     */
    @Test
    void noProductionSourceUsesAPredictableGenerator() throws IOException {
        Pattern predictable = Pattern.compile("RandomBits\\.from\\(|new Random\\(|java\\.util\\.Random\\b");
        Path self = Path.of("src/main/java/io/dpone/clickhouse/cluster/contract/ddl/RandomBits.java");
        List<Path> roots = Stream.of(
                        "src/main/java", "../dpone-clickhouse-external/src/main/java", "../dpone-cli/src/main/java")
                .map(Path::of)
                .filter(Files::isDirectory)
                .toList();
        assertTrue(roots.contains(Path.of("src/main/java")), "run from the module directory");
        List<Path> offenders = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    if (!file.normalize().equals(self.normalize())
                            && predictable.matcher(Files.readString(file)).find()) {
                        offenders.add(file);
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
        assertFalse(roots.isEmpty());
    }
}
