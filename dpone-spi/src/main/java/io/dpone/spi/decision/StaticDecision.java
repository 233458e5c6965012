package io.dpone.spi.decision;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.manifest.ReplicationMode;
import java.util.List;
import java.util.Optional;

/**
 * The static decision document {@code dpone check} and {@code dpone plan} share. Field for field it
 * is the reference's document ({@code requested}, {@code selected}, {@code mode},
 * {@code replication_mode}, {@code runtime_admission_required}, {@code no_fallback}) plus the
 * blockers. {@code selected} is true exactly when cluster publication was requested and nothing
 * blocks it; a blocked request stays a cluster request, it is never turned into local publication.
 *
 * @param mode {@code cluster_internal}, {@code cluster_external}, or {@code local} when no cluster was requested
 * @param replicationMode empty when no cluster was requested
 */
public record StaticDecision(
        boolean requested,
        boolean selected,
        String mode,
        Optional<ReplicationMode> replicationMode,
        boolean runtimeAdmissionRequired,
        boolean noFallback,
        List<Blocker> blockers) {

    public static final String LOCAL_MODE = "local";

    public StaticDecision {
        requireNonNull(mode, "mode is null");
        requireNonNull(replicationMode, "replicationMode is null");
        blockers = List.copyOf(requireNonNull(blockers, "blockers is null"));
        if (!noFallback) {
            throw new IllegalArgumentException("no decision may allow a fallback");
        }
        if (selected != (requested && blockers.isEmpty())) {
            throw new IllegalArgumentException("selected must equal requested and unblocked");
        }
        String expectedMode = replicationMode.map(ReplicationMode::decisionMode).orElse(LOCAL_MODE);
        if (requested != replicationMode.isPresent() || !mode.equals(expectedMode)) {
            throw new IllegalArgumentException("mode must follow the requested replication mode");
        }
        if (runtimeAdmissionRequired != requested) {
            throw new IllegalArgumentException("every cluster request needs runtime admission");
        }
    }

    /** A cluster publication request in {@code mode}, selected when {@code blockers} is empty. */
    public static StaticDecision cluster(ReplicationMode mode, List<Blocker> blockers) {
        requireNonNull(mode, "mode is null");
        return new StaticDecision(
                true, blockers.isEmpty(), mode.decisionMode(), Optional.of(mode), true, true, blockers);
    }

    /** A manifest that asks for no cluster publication; always blocked by this host. */
    public static StaticDecision notRequested(List<Blocker> blockers) {
        return new StaticDecision(false, false, LOCAL_MODE, Optional.empty(), false, true, blockers);
    }

    public boolean blocked() {
        return !blockers.isEmpty();
    }
}
