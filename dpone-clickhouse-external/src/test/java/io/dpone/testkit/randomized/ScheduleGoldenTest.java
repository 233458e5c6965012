package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.schedule.RandomizedSchedules;
import io.dpone.testkit.schedule.ScheduleMode;
import io.dpone.testkit.schedule.ScheduleResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every seed's schedule and its run stay what they were (simulator evidence): for the first
 * {@value #SEEDS} seeds of each mode, a digest of the drawn schedule's text (members, target,
 * facade, workers, every fault with its step, the healing) and the run's outcome class, stable code,
 * port calls, checked steps and violation count must equal the golden lines captured from the
 * generators, runners and checkers before issue 24 folded each mode's copy into one engine (main
 * 315fc53). A changed draw, a changed step of the service or a checker that counts steps differently
 * changes a line. {@code -Ddpone.randomized.writeGolden=DIR} rewrites the files into DIR, for a change
 * that means to alter schedules (say why in its commit).
 */
class ScheduleGoldenTest {
    static final int SEEDS = 300;

    @Test
    void internalSchedulesAreUnchanged() throws IOException {
        assertGolden("internal", InternalRuns.mode(0, 0));
    }

    @Test
    void externalSchedulesAreUnchanged() throws IOException {
        assertGolden("external", ExternalRuns.mode(0, 0));
    }

    private static void assertGolden(String mode, ScheduleMode generator) throws IOException {
        List<String> lines = new ArrayList<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            lines.add(line(RandomizedSchedules.runOne(generator, seed)));
        }
        String file = mode + "-golden.txt";
        String writeTo = System.getProperty("dpone.randomized.writeGolden");
        if (writeTo != null) {
            Files.write(Path.of(writeTo, file), lines, StandardCharsets.UTF_8);
        }
        List<String> golden;
        try (InputStream in = ScheduleGoldenTest.class.getResourceAsStream("/schedules/" + file)) {
            assertTrue(in != null, "golden file " + file + " missing");
            golden = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
        for (int i = 0; i < Math.max(golden.size(), lines.size()); i++) {
            assertEquals(
                    i < golden.size() ? golden.get(i) : "(none)",
                    i < lines.size() ? lines.get(i) : "(none)",
                    mode + " seed " + i + " changed");
        }
    }

    /** {@code seed digest outcome code calls checks violations}: one schedule and its run. */
    private static String line(ScheduleResult result) {
        return result.schedule().seed() + " " + digest(result.schedule().toString()) + " "
                + result.outcome().label() + " " + (result.code().isEmpty() ? "-" : result.code()) + " "
                + result.calls() + " " + result.checks() + " "
                + result.violations().size();
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
