package io.dpone.clickhouse.external.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.spi.source.SourceColumn;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The candidate's {@code CREATE} carries its recorded UUID right after the name, in both forms
 * (pure; the local real harness accepts both, {@code MemberSessionConformance}).
 */
class MemberSqlTest {
    private static final UUID RECORDED = UUID.fromString("5f0c2d6e-8a1b-4c3d-9e2f-0a1b2c3d4e5f");
    private static final TableRef CANDIDATE = new TableRef("db", "events__dpone_ext_0123456789abcdef");

    @Test
    void theCreateOfATargetLikeCandidateNamesItsUuid() {
        assertEquals(
                "CREATE TABLE `db`.`events__dpone_ext_0123456789abcdef` UUID '5f0c2d6e-8a1b-4c3d-9e2f-0a1b2c3d4e5f'"
                        + " AS `db`.`events`",
                MemberSql.create(
                        CANDIDATE, RECORDED, new CandidateDefinition.LikeTarget(new TableRef("db", "events"))));
    }

    @Test
    void theCreateOfDeclaredColumnsNamesItsUuid() {
        assertEquals(
                "CREATE TABLE `db`.`events__dpone_ext_0123456789abcdef` UUID '5f0c2d6e-8a1b-4c3d-9e2f-0a1b2c3d4e5f'"
                        + " (`id` UInt64, `v` String) ENGINE = MergeTree ORDER BY tuple()",
                MemberSql.create(
                        CANDIDATE,
                        RECORDED,
                        new CandidateDefinition.Columns(
                                List.of(
                                        new CandidateDefinition.Column("id", "UInt64"),
                                        new CandidateDefinition.Column("v", "String")),
                                "MergeTree")));
    }

    /** Red on main 32d8930: {@code toString(c)} rendered each date-time in the column's or the member's zone. */
    @Test
    void theContentReadRendersDateTimesAsTheirInstantInUtc() {
        ArtifactSchema schema = ArtifactSchema.declared(List.of(
                SourceColumn.typed("id", "UInt64"),
                SourceColumn.typed("ts", "DateTime"),
                SourceColumn.typed("b", "Nullable(DateTime64(3, 'Europe/Berlin'))")));
        assertEquals(
                "SELECT tuple(toString(`id`), toString(`ts`, 'UTC'), toString(`b`, 'UTC'))"
                        + " FROM `db`.`events__dpone_ext_0123456789abcdef` LIMIT 11",
                MemberSql.content(CANDIDATE, schema, 11));
    }
}
