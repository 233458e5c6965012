package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How both modes' plan-predicts-publish tests hold a publication to the {@code plan --live} taken
 * right before it: a predicted blocker means publish sends no publication or cleanup statement (a
 * refusal carries the predicted code); "nothing" means committed without DDL; otherwise every
 * permit statement publish sends (EXCHANGE, RENAME, DROP) is one the plan listed.
 */
final class LivePlanChecks {
    private LivePlanChecks() {}

    static void assertPredicted(String what, LivePlan plan, Attempt attempt) {
        Set<String> predicted = ((List<?>) plan.detail().get("statements"))
                .stream()
                        .map(statement -> (Map<?, ?>) statement)
                        .filter(statement -> Boolean.TRUE.equals(statement.get("permit")))
                        .map(statement -> (String) statement.get("action"))
                        .collect(Collectors.toSet());
        Set<String> sent = permitStatements(attempt);
        String said = what + ": planned " + plan.action()
                + plan.blocker().map(code -> " " + code).orElse("") + " " + predicted + ", publish " + attempt.summary()
                + " sent " + sent;
        switch (plan.action()) {
            case BLOCKED -> {
                assertEquals(Set.of(), sent, said);
                if (attempt instanceof Attempt.Refused refused) {
                    assertEquals(plan.blocker().orElseThrow(), refused.error().code(), said);
                }
            }
            case NOTHING -> {
                assertEquals(Set.of(), sent, said);
                assertEquals(PublicationOutcome.COMMITTED, attempt.outcome().orElse(null), said);
            }
            case NEW_OPERATION, RESUME -> assertTrue(predicted.containsAll(sent), said);
        }
    }

    /** The permit statements (publication and cleanup actions) a publication dispatched, by its receipt. */
    static Set<String> permitStatements(Attempt attempt) {
        if (!(attempt instanceof Attempt.Receipt receipt)) {
            return Set.of();
        }
        Map<String, Object> detail = receipt.receipt().detail();
        List<?> steps = (List<?>) detail.get("steps");
        Set<String> sent = new TreeSet<>();
        if (steps.contains("publication dispatched")) {
            sent.add((String) ((Map<?, ?>) detail.get("publication_ddl")).get("action"));
        }
        if (steps.contains("cleanup dispatched")) {
            sent.add("drop");
        }
        return sent;
    }

    /** Everything sent since call {@code from} that is not a read (DDL, Keeper writes, member-session mutations). */
    static List<String> mutations(ClusterSimulator simulator, int from) {
        List<CallRecord> records = simulator.observe().calls().records();
        return records.subList(from, records.size()).stream()
                .filter(call -> call.call().isMutation())
                .map(call -> call.call() + " " + call.kind())
                .toList();
    }
}
