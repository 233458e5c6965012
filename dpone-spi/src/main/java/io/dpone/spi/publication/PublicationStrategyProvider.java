package io.dpone.spi.publication;

import io.dpone.spi.decision.Blocker;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import java.util.List;

/**
 * A publication strategy for one cluster replication mode, found by the host with
 * {@link java.util.ServiceLoader}: each mode module registers exactly one provider
 * ({@code @AutoService} plus {@code provides} in its {@code module-info}). The host selects the one
 * provider whose {@link #replicationMode()} equals the manifest's; none or several is a blocker,
 * never a fallback to another mode or to local publication.
 *
 * <p>Lifecycle: the host calls {@link #admit} for every {@code check}, {@code plan} and
 * {@code publish}, and {@link #createPublisher} at most once per publication, only after a
 * decision with no blockers. Implementations are stateless and thread-safe.
 */
public interface PublicationStrategyProvider {
    /** The one replication mode this provider publishes. */
    ReplicationMode replicationMode();

    /** A stable, human-readable provider name for diagnostics, e.g. {@code clickhouse-cluster-internal}. */
    String name();

    /**
     * The mode-specific half of static admission, after the host's common checks. Called only with
     * a manifest whose cluster requests {@link #replicationMode()}. Static means static: no I/O, no
     * clock, no cluster contact; the environment is the only input besides the manifest.
     *
     * @return the blockers, empty when the mode admits the manifest statically
     */
    default List<Blocker> admit(SinkManifest manifest, HostEnvironment environment) {
        return List.of();
    }

    /**
     * Creates the runtime publisher for an admitted request. Runtime admission (inventory, engines,
     * authority) happens inside the publisher, before any mutation.
     *
     * @throws DponeException with a stable code when this provider cannot publish at all
     */
    default Publisher createPublisher(PublicationContext context) {
        throw new DponeException(
                DponeErrorCode.PUBLICATION_STRATEGY_UNSUPPORTED, "runtime publication is not provided by " + name());
    }
}
