package io.dpone.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.demo.DemoScenarios;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code dpone demo}'s narration, scenario by scenario, held to what the service produced (issue 21;
 * the deterministic simulator): every scenario says how it ended; every receipt appears, in order,
 * as a result line in the receipt's own words; the replica count said is the receipts'; a run of
 * the same invocation after the first is called a rerun; no Java type name or record text is shown;
 * a facade is never said to be absent and then present. red on main 32d8930: comment-versus-log-comment
 * and keeper-map-cas had no result line, keeper-map-cas printed AcknowledgedVerified and
 * Conflict[reason=ZERO_ROW_NO_OP], two-entries-one-token's rerun was not narrated, later runs were
 * "a later retry", "the retry" or unlabelled, and every scenario said "the control facade is absent"
 * even where the next line created one.
 */
class DemoNarrationTest {
    private static final SimulatedDemoScenarios DEMO = new SimulatedDemoScenarios();
    private static final Pattern RESULT = Pattern.compile("^\\s*(.*?)-> (.*)$");
    private static final Pattern REPLICAS = Pattern.compile("^simulator: (\\d+) replicas");
    private static final Pattern REMAINING = Pattern.compile("(\\d+) replicas remain");
    private static final Pattern RECORD_TEXT = Pattern.compile("\\w\\[\\w+=");
    private static final Pattern CAMEL_CASE = Pattern.compile("\\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\\b");
    private static final Set<String> PRODUCT_NAMES =
            Set.of("ClickHouse", "KeeperMap", "ReplicatedMergeTree", "MergeTree");

    static Stream<String> scenarios() {
        return DEMO.scenarios().stream().map(DemoScenarios.DemoScenario::name);
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void theNarrationSaysWhatTheServiceDid(String name) {
        List<String> lines = new ArrayList<>();
        DemoScenarios.DemoRun run = DEMO.run(name, lines::add);
        assertTrue(run.passed(), run.failure());
        List<Matcher> results =
                lines.stream().map(RESULT::matcher).filter(Matcher::matches).toList();
        assertFalse(results.isEmpty(), name + " says how it ended:\n" + String.join("\n", lines));

        int at = 0;
        for (PublicationReceipt receipt : run.receipts()) {
            String said = new Attempt.Receipt(receipt).summary();
            while (at < results.size() && !results.get(at).group(2).equals(said)) {
                at++;
            }
            assertTrue(
                    at < results.size(),
                    name + ": no result line, in order, says " + said + "\n" + String.join("\n", lines));
            at++;
        }

        boolean ran = false;
        for (String line : lines) {
            if (line.endsWith(":")) {
                ran = false; // a heading starts a part of the scenario on its own target
                continue;
            }
            Matcher result = RESULT.matcher(line);
            if (result.matches()) {
                assertFalse(ran && result.group(1).isBlank(), name + ": a later run says what ran: " + line);
                ran = true;
            }
        }
        for (String line : lines) {
            Matcher result = RESULT.matcher(line);
            String ours = result.matches() ? result.group(1) : line;
            assertFalse(
                    ours.contains("retry") || ours.contains("run the same invocation again"),
                    name + ": a run of the same invocation is a rerun: " + line);
            assertFalse(RECORD_TEXT.matcher(line).find(), name + ": record text in " + line);
            Matcher camel = CAMEL_CASE.matcher(line);
            while (camel.find()) {
                assertTrue(PRODUCT_NAMES.contains(camel.group()), name + ": a type name in " + line);
            }
            assertFalse(line.contains("facade is absent"), name + ": " + line);
        }

        Matcher replicas = REPLICAS.matcher(lines.get(1));
        if (replicas.find()) {
            int said = lines.stream()
                    .map(REMAINING::matcher)
                    .filter(Matcher::find)
                    .map(remaining -> remaining.group(1))
                    .map(Integer::parseInt)
                    .findFirst()
                    .orElse(Integer.parseInt(replicas.group(1)));
            List<Object> members =
                    members(run.receipts().isEmpty() ? null : run.receipts().get(0));
            if (members != null) {
                assertEquals(said, members.size(), name + ": the replicas said and the receipt's members");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyScenarioEndsWithTheTargetsStatusRead(String name) {
        DemoScenarios.DemoRun run = DEMO.run(name, line -> {});
        assertTrue(run.status().isPresent() || run.statusRefusal().isPresent(), name);
        run.status().ifPresent(status -> assertFalse(status.outcome().wireName().isEmpty()));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> members(PublicationReceipt receipt) {
        if (receipt == null || !(receipt.detail().get("members") instanceof List<?> members)) {
            return null;
        }
        return (List<Object>) members;
    }

    @SuppressWarnings("unused")
    private static Map<String, Object> detail(PublicationReceipt receipt) {
        return receipt.detail();
    }
}
