package io.dpone.clickhouse.cluster.transport.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.io.IOException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Driver exception shapes observed on ClickHouse 26.7, built with the driver's own classes. */
class NativeFailuresTest {
    private static SQLException driverSql(int code, String message, Throwable cause) throws Exception {
        return (SQLException) Class.forName("com.github.housepower.exception.ClickHouseSQLException")
                .getConstructor(int.class, String.class, Throwable.class)
                .newInstance(code, message, cause);
    }

    private static Throwable driverClient(String message) throws Exception {
        return (Throwable) Class.forName("com.github.housepower.exception.ClickHouseClientException")
                .getConstructor(String.class)
                .newInstance(message);
    }

    @Test
    void serverPacketWrappedByTheDriverIsAServerError() throws Exception {
        SQLException packet =
                driverSql(60, "DB::ExceptionDB::Exception: Table `a`.`b` doesn't exist. Stack trace:", null);
        MutationOutcome outcome =
                NativeFailures.mutation("q", StatementKind.KEEPER_MAP_CAS, driverSql(-2, packet.getMessage(), packet));
        MutationOutcome.Rejected rejected = assertInstanceOf(MutationOutcome.Rejected.class, outcome);
        assertEquals(60, rejected.error().code());
        assertEquals(ErrorClass.CONFLICT, rejected.error().classification().errorClass());
        assertEquals("Table ?.? doesn't exist.", rejected.error().summary());
    }

    @Test
    void clientSideFailuresReusingServerCodesAreNeverRejections() throws Exception {
        assertInstanceOf(
                MutationOutcome.Ambiguous.class,
                NativeFailures.mutation(
                        "q",
                        StatementKind.KEEPER_MAP_CAS,
                        driverSql(53, "type mismatch reading result", driverClient("client"))));
        assertInstanceOf(
                MutationOutcome.Ambiguous.class,
                NativeFailures.mutation(
                        "q", StatementKind.KEEPER_MAP_CAS, driverSql(36, "broken stream", new IOException("reset"))));
        assertInstanceOf(
                MutationOutcome.Ambiguous.class,
                NativeFailures.mutation("q", StatementKind.KEEPER_MAP_CAS, new SQLException("plain", "HY000", 60)));
    }

    @Test
    void theSameServerPacketAnsweringAnOnClusterStatementIsAmbiguous() throws Exception {
        SQLException packet =
                driverSql(60, "DB::ExceptionDB::Exception: Table `a`.`b` doesn't exist. Stack trace:", null);
        MutationOutcome.Ambiguous ambiguous = assertInstanceOf(
                MutationOutcome.Ambiguous.class,
                NativeFailures.mutation("q", StatementKind.DDL_EXCHANGE, driverSql(-2, packet.getMessage(), packet)));
        assertEquals(60, ambiguous.serverError().orElseThrow().code());
        assertEquals(
                ErrorClass.AMBIGUOUS,
                ambiguous.serverError().orElseThrow().classification().errorClass());
    }
}
