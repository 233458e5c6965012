package io.dpone.spi.demo;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.receipt.PublicationReceipt;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Narrated publications on a simulated cluster, for {@code dpone demo}: found with
 * {@link java.util.ServiceLoader} (the testkit provides one on its deterministic simulator), so the
 * host needs no cluster and no driver. A provider says plainly that its cluster is simulated.
 * Implementations are stateless; each run builds a fresh simulated cluster.
 */
public interface DemoScenarios {
    /** One sentence saying what the cluster is, e.g. that it is an in-process simulation. */
    String backendDescription();

    /** Every scenario, in a stable order; the first is the default run. */
    List<DemoScenario> scenarios();

    /**
     * Runs one scenario, narrating each step as one value-free line.
     *
     * @throws IllegalArgumentException for a name {@link #scenarios()} does not list
     */
    DemoRun run(String name, Consumer<String> narration);

    /** A scenario's stable name and one-line description. */
    record DemoScenario(String name, String description) {
        public DemoScenario {
            requireNonNull(name, "name is null");
            requireNonNull(description, "description is null");
        }
    }

    /**
     * What a run did: every receipt it produced, in order, whether the scenario's own checks held
     * ({@code failure} is empty exactly when they did), and what a read-only status of the target
     * said afterwards, as {@code dpone status} shows it: its receipt, or the refusal's value-free
     * summary when status could not be read.
     */
    record DemoRun(
            List<PublicationReceipt> receipts,
            String failure,
            Optional<PublicationReceipt> status,
            Optional<String> statusRefusal) {
        public DemoRun {
            receipts = List.copyOf(requireNonNull(receipts, "receipts is null"));
            requireNonNull(failure, "failure is null");
            requireNonNull(status, "status is null");
            requireNonNull(statusRefusal, "statusRefusal is null");
            if (status.isPresent() && statusRefusal.isPresent()) {
                throw new IllegalArgumentException("a status read has a receipt or a refusal, not both");
            }
        }

        /** A run whose target status was not read. */
        public DemoRun(List<PublicationReceipt> receipts, String failure) {
            this(receipts, failure, Optional.empty(), Optional.empty());
        }

        public boolean passed() {
            return failure.isEmpty();
        }
    }
}
