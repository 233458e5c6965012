package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The pure control-facade decision of spec section 1: every member of the admitted inventory
 * ({@code expectedMembers}) observed exactly once and no other;
 * strict mode everywhere; every existing facade has exactly the expected engine (Keeper root) and
 * columns; all present means every member reads the same record and version; none present means
 * bootstrap; some present means fill the absent ones only (both only through
 * {@link FacadeReconciler}, which first proves every earlier bootstrap entry terminal). A ready
 * facade also says whether the
 * CAS may skip the server's redundant mutation prevalidation: only when every member knows the
 * setting. JDK only; thread-safe.
 */
public final class FacadeRules {
    private FacadeRules() {}

    public static FacadeVerdict judge(
            FacadeSpec spec, Set<HostEndpoint> expectedMembers, List<FacadeObservation> observations) {
        requireNonNull(spec, "spec is null");
        requireNonNull(expectedMembers, "expectedMembers is null");
        requireNonNull(observations, "observations is null");
        FacadeProblem problem = firstProblem(spec, expectedMembers, observations);
        if (problem != null) {
            return new FacadeVerdict.Blocked(problem);
        }
        List<HostEndpoint> absent = observations.stream()
                .filter(o -> o instanceof FacadeObservation.Absent)
                .map(FacadeObservation::member)
                .sorted()
                .toList();
        if (absent.size() == observations.size()) {
            return new FacadeVerdict.BootstrapAll();
        }
        if (!absent.isEmpty()) {
            return new FacadeVerdict.FillAbsent(absent);
        }
        List<FacadeObservation.Present> present =
                observations.stream().map(FacadeObservation.Present.class::cast).toList();
        if (present.stream().map(FacadeObservation.Present::slot).distinct().count() != 1) {
            return new FacadeVerdict.Blocked(FacadeProblem.RECORD_DIVERGES);
        }
        return new FacadeVerdict.Ready(
                present.stream().allMatch(FacadeObservation.Present::prevalidationSwitch)
                        ? MutationPrevalidation.SKIPPED
                        : MutationPrevalidation.SERVER_DEFAULT);
    }

    private static FacadeProblem firstProblem(
            FacadeSpec spec, Set<HostEndpoint> expected, List<FacadeObservation> observations) {
        Set<HostEndpoint> seen = new HashSet<>();
        for (FacadeObservation observation : observations) {
            if (observation instanceof FacadeObservation.Unreadable || !seen.add(observation.member())) {
                return FacadeProblem.MEMBER_UNREADABLE;
            }
        }
        if (expected.isEmpty() || !seen.equals(expected)) {
            return FacadeProblem.MEMBER_UNREADABLE;
        }
        for (FacadeObservation observation : observations) {
            FacadeProblem problem = problemOf(spec, observation);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static FacadeProblem problemOf(FacadeSpec spec, FacadeObservation observation) {
        if (observation instanceof FacadeObservation.Absent absent) {
            return absent.strictModeCapable() ? null : FacadeProblem.STRICT_MODE_UNSUPPORTED;
        }
        FacadeObservation.Present present = (FacadeObservation.Present) observation;
        if (!present.strictModeCapable()) {
            return FacadeProblem.STRICT_MODE_UNSUPPORTED;
        }
        if (!present.engineFull().equals(spec.engineFull())) {
            return FacadeProblem.ENGINE_MISMATCH;
        }
        return present.columns().equals(spec.columns()) ? null : FacadeProblem.SCHEMA_MISMATCH;
    }
}
