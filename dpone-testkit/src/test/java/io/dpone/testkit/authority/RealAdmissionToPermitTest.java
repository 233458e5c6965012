package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 5's round-trip budget, asserted on the count only (deterministic; times are for
 * bench/authority-round-trips.sh): admission to permit takes 8 requests, within the target of 12.
 */
@ClickHouseCluster(members = 2)
class RealAdmissionToPermitTest {
    static final int EXPECTED_ROUND_TRIPS = 8;
    static final int ROUND_TRIP_BUDGET = 12;

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void admissionToPermitTakesEightRoundTrips(Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        try (AdmissionToPermit path = new AdmissionToPermit(protocol, cluster, database, table.ref)) {
            for (int run = 0; run < 3; run++) {
                AdmissionToPermit.Run result = path.run();
                assertEquals(EXPECTED_ROUND_TRIPS, result.roundTrips(),
                        "2 admission reads, read + create + post-read, read + CAS + post-read");
                assertTrue(result.roundTrips() <= ROUND_TRIP_BUDGET);
                assertTrue(result.permit().spend(), "the run ends holding a fresh permit");
            }
        }
    }
}
