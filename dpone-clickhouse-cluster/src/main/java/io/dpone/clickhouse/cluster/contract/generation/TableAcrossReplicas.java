package io.dpone.clickhouse.cluster.contract.generation;

import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation.Subject;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** One table name (target or candidate) across the replica set, with the violations of its subject. */
final class TableAcrossReplicas {
    private final Subject subject;
    private final List<TableObservation> observations;
    private final List<Optional<String>> replicaNames;

    private TableAcrossReplicas(
            Subject subject, List<TableObservation> observations, List<Optional<String>> replicaNames) {
        this.subject = subject;
        this.observations = observations;
        this.replicaNames = replicaNames;
    }

    static TableAcrossReplicas of(List<ReplicaTables> replicas, Subject subject) {
        boolean target = subject == Subject.TARGET;
        return new TableAcrossReplicas(
                subject,
                replicas.stream().map(r -> target ? r.target() : r.candidate()).toList(),
                replicas.stream()
                        .map(r -> target ? r.targetReplicaName() : r.candidateReplicaName())
                        .toList());
    }

    boolean absentEverywhere() {
        return observations.stream().allMatch(TableObservation.Absent.class::isInstance);
    }

    /** The distinct present identities, in replica order. */
    Set<GenerationIdentity> identities() {
        Set<GenerationIdentity> identities = new LinkedHashSet<>();
        for (TableObservation observation : observations) {
            if (observation instanceof TableObservation.Present present) {
                identities.add(present.identity());
            }
        }
        return identities;
    }

    /** The one identity when every replica reports it; empty otherwise (only called when valid). */
    Optional<GenerationIdentity> uniformIdentity() {
        Set<GenerationIdentity> identities = identities();
        return absentEverywhere() || identities.size() != 1
                ? Optional.empty()
                : Optional.of(identities.iterator().next());
    }

    void checkOneIdentity(Set<GenerationViolation> found) {
        if (observations.stream().anyMatch(TableObservation.Indeterminate.class::isInstance)) {
            found.add(
                    pick(GenerationViolation.TARGET_IDENTITY_UNKNOWN, GenerationViolation.CANDIDATE_IDENTITY_UNKNOWN));
        }
        boolean anyAbsent = observations.stream().anyMatch(TableObservation.Absent.class::isInstance);
        if (anyAbsent && !absentEverywhere()) {
            found.add(pick(GenerationViolation.TARGET_PRESENCE_MIXED, GenerationViolation.CANDIDATE_PRESENCE_MIXED));
        }
        if (identities().size() > 1) {
            found.add(pick(
                    GenerationViolation.TARGET_IDENTITY_DIVERGES, GenerationViolation.CANDIDATE_IDENTITY_DIVERGES));
        }
    }

    void checkEngines(Set<GenerationViolation> found) {
        if (!identities().stream()
                .allMatch(identity -> ReplicatedEngineFamily.admits(identity.normalizedEngineFull()))) {
            found.add(pick(
                    GenerationViolation.TARGET_ENGINE_OUTSIDE_FAMILY,
                    GenerationViolation.CANDIDATE_ENGINE_OUTSIDE_FAMILY));
        }
    }

    void checkReplicaNames(Set<GenerationViolation> found) {
        if (absentEverywhere()) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (Optional<String> name : replicaNames) {
            if (name.isEmpty() || name.get().isEmpty()) {
                found.add(pick(
                        GenerationViolation.TARGET_REPLICA_NAME_MISSING,
                        GenerationViolation.CANDIDATE_REPLICA_NAME_MISSING));
            } else if (!seen.add(name.get())) {
                found.add(pick(
                        GenerationViolation.TARGET_REPLICA_NAMES_DUPLICATED,
                        GenerationViolation.CANDIDATE_REPLICA_NAMES_DUPLICATED));
            }
        }
    }

    /** Candidate side: no identity may share a UUID or a replication path with any target identity. */
    void checkDistinctFrom(TableAcrossReplicas target, Set<GenerationViolation> found) {
        for (GenerationIdentity mine : identities()) {
            for (GenerationIdentity theirs : target.identities()) {
                if (mine.tableUuid().equals(theirs.tableUuid())) {
                    found.add(GenerationViolation.CANDIDATE_SHARES_TARGET_UUID);
                }
                if (mine.zookeeperName().equals(theirs.zookeeperName())
                        && mine.zookeeperPath().equals(theirs.zookeeperPath())) {
                    found.add(GenerationViolation.CANDIDATE_SHARES_TARGET_PATH);
                }
            }
        }
    }

    private GenerationViolation pick(GenerationViolation forTarget, GenerationViolation forCandidate) {
        return subject == Subject.TARGET ? forTarget : forCandidate;
    }
}
