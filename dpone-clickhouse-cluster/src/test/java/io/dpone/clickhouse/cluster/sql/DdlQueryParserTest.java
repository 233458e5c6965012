package io.dpone.clickhouse.cluster.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.sql.DdlParseResult.Parsed;
import io.dpone.clickhouse.cluster.sql.DdlParseResult.Unparseable;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DdlQueryParserTest {
    private static ParsedDdl parsed(String query) {
        return assertInstanceOf(Parsed.class, DdlQueryParser.parse(query)).ddl();
    }

    @Test
    void parsesClickHouseFormatterOutput() {
        // strings observed from formatQuerySingleLine on ClickHouse 26.7
        ParsedDdl exchange = parsed("EXCHANGE TABLES pub.t AND pub.`t-c` ON CLUSTER c1");
        assertEquals(DdlStatementType.EXCHANGE_TABLES, exchange.type());
        assertEquals("c1", exchange.cluster());
        assertEquals("pub", exchange.database());
        assertEquals(Optional.of("t"), exchange.target());
        assertEquals(Optional.of("t-c"), exchange.candidate());

        ParsedDdl rename = parsed("RENAME TABLE pub.c TO pub.t ON CLUSTER c1");
        assertEquals(Optional.of("t"), rename.target());
        assertEquals(Optional.of("c"), rename.candidate());

        ParsedDdl drop = parsed("DROP TABLE IF EXISTS pub.c ON CLUSTER `c 1`");
        assertEquals(DdlStatementType.DROP_TABLE_IF_EXISTS, drop.type());
        assertEquals("c 1", drop.cluster());
        assertEquals(Optional.empty(), drop.target());
        assertEquals(Optional.of("c"), drop.candidate());

        ParsedDdl create = parsed(
                "CREATE TABLE pub.ctl ON CLUSTER c1 (`target_key` String) ENGINE = KeeperMap('/x') PRIMARY KEY target_key");
        assertEquals(DdlStatementType.CREATE_TABLE, create.type());
        assertEquals(Optional.of("ctl"), create.target());

        ParsedDdl escaped = parsed("EXCHANGE TABLES `p\\`b`.`select` AND `p\\`b`.`ä` ON CLUSTER 'c1'");
        assertEquals("p`b", escaped.database());
        assertEquals(Optional.of("select"), escaped.target());
        assertEquals("c1", escaped.cluster());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "   ",
                "SELECT 1",
                "EXCHANGE TABLES t AND pub.c ON CLUSTER c1",
                "EXCHANGE TABLES pub.t AND other.c ON CLUSTER c1",
                "EXCHANGE TABLES pub.t AND pub.c",
                "EXCHANGE TABLES pub.t AND pub.c ON CLUSTER c1 SETTINGS x = 1",
                "RENAME TABLE pub.a TO pub.b, pub.c TO pub.d ON CLUSTER c",
                "DROP TABLE pub.c ON CLUSTER c1",
                "EXCHANGE TABLES `pub.t AND pub.c ON CLUSTER c1",
                "CREATE TABLE pub.t ON CLUSTER c1",
                "EXCHANGE TABLES pub.t AND pub.c ON CLUSTER c1 /* x */",
                "DROP TABLE IF EXISTS pub.`` ON CLUSTER c1",
                "EXCHANGE TABLES 'a'.'b' AND 'a'.'c' ON CLUSTER c1",
                "EXCHANGE TABLES `\\x4`.t AND a.c ON CLUSTER c1"
            })
    void rejectsEverythingElse(String query) {
        assertInstanceOf(Unparseable.class, DdlQueryParser.parse(query));
    }

    /** 24.8 stores an Atomic ON CLUSTER CREATE with the initiator's UUID after the name (test 01175). */
    @Test
    void parsesTheStoredCreateWithItsUuidAndIfNotExists() {
        ParsedDdl candidate = parsed("CREATE TABLE analytics.events__dpone_0123456789abcdef"
                + " UUID '5f3a0c1e-2b4d-4c6e-8f10-123456789abc' ON CLUSTER c1 AS analytics.events");
        assertEquals(DdlStatementType.CREATE_TABLE, candidate.type());
        assertEquals(Optional.of("events__dpone_0123456789abcdef"), candidate.target());
        assertEquals("c1", candidate.cluster());
        ParsedDdl facade = parsed("CREATE TABLE IF NOT EXISTS dpone_control.publication_authority"
                + " UUID '5f3a0c1e-2b4d-4c6e-8f10-123456789abc' ON CLUSTER c1 (`target_key` String)"
                + " ENGINE = KeeperMap('dpone/publication_authority') PRIMARY KEY target_key");
        assertEquals(Optional.of("publication_authority"), facade.target());
        ParsedDdl bootstrap = parsed("CREATE TABLE dpone_control.publication_authority"
                + " UUID '5f3a0c1e-2b4d-4c6e-8f10-123456789abc' ON CLUSTER c1 (`target_key` String)"
                + " ENGINE = KeeperMap('dpone/publication_authority') PRIMARY KEY target_key");
        assertEquals(DdlStatementType.CREATE_TABLE, bootstrap.type());
        assertEquals(Optional.of("publication_authority"), bootstrap.target());
        assertInstanceOf(
                Unparseable.class,
                DdlQueryParser.parse("CREATE TABLE a.b UUID ON CLUSTER c1 AS a.c"),
                "a UUID keyword without its literal");
    }

    @Test
    void digestIgnoresQuotingAndSpacingButNotMeaning() {
        String formatted =
                parsed("EXCHANGE TABLES pub.t AND pub.c ON CLUSTER c1").queryDigest();
        assertEquals(
                formatted,
                parsed("exchange  tables `pub`.`t` and `pub`.`c`\non cluster `c1`")
                        .queryDigest());
        assertNotEquals(
                formatted,
                parsed("EXCHANGE TABLES pub.c AND pub.t ON CLUSTER c1").queryDigest());
        assertNotEquals(
                formatted,
                parsed("EXCHANGE TABLES pub.t AND pub.c ON CLUSTER c2").queryDigest());
        assertEquals(
                Optional.of(formatted),
                DdlQueryParser.normalizedDigest("EXCHANGE TABLES pub.t AND pub.c ON CLUSTER c1"));
    }

    @Property
    void renderedStatementsParseBack(
            @ForAll("names") String database,
            @ForAll("names") String target,
            @ForAll("names") String candidate,
            @ForAll("names") String cluster) {
        net.jqwik.api.Assume.that(!target.equals(candidate));
        TableRef t = new TableRef(database, target);
        TableRef c = new TableRef(database, candidate);
        ParsedDdl exchange = parsed(DdlStatements.exchange(cluster, t, c).sql());
        assertEquals(
                new ParsedDdl(
                        DdlStatementType.EXCHANGE_TABLES,
                        cluster,
                        database,
                        Optional.of(target),
                        Optional.of(candidate),
                        exchange.queryDigest()),
                exchange);
        ParsedDdl rename = parsed(DdlStatements.rename(cluster, c, t).sql());
        assertEquals(Optional.of(target), rename.target());
        assertEquals(Optional.of(candidate), rename.candidate());
        ParsedDdl drop = parsed(DdlStatements.dropIfExists(cluster, c).sql());
        assertEquals(Optional.of(candidate), drop.candidate());
        assertEquals(
                exchange.queryDigest(), parsed(formatterStyle(cluster, t, c)).queryDigest());
    }

    @Property
    void parserIsTotal(@ForAll String query) {
        DdlParseResult result = DdlQueryParser.parse(query);
        assertInstanceOf(DdlParseResult.class, result);
    }

    @Property
    void parserIsTotalOnSqlLikeNoise(@ForAll("noise") String query) {
        DdlQueryParser.parse(query);
        DdlQueryParser.normalizedDigest(query);
    }

    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> plain = Arbitraries.strings()
                .withCharRange('a', 'z')
                .withChars('_', '0', '9')
                .ofMinLength(1)
                .ofMaxLength(12);
        Arbitrary<String> odd = Arbitraries.strings()
                .withChars('`', '\\', '\'', '"', ' ', '.', '-', 'ä', 'x', '€')
                .ofMinLength(1)
                .ofMaxLength(8);
        return Arbitraries.oneOf(plain, odd);
    }

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.strings()
                .withChars('`', '\\', '\'', '"', ' ', '.', 'x', 'O', 'N', 'E', '(', ')', 'A', 'D')
                .ofMaxLength(40)
                .map(s -> "EXCHANGE TABLES " + s);
    }

    /** How ClickHouse's formatter spells names: bare when it can, back-quoted otherwise. */
    private static String formatterStyle(String cluster, TableRef t, TableRef c) {
        return "EXCHANGE TABLES " + bare(t.database()) + "." + bare(t.table()) + " AND " + bare(c.database()) + "."
                + bare(c.table()) + " ON CLUSTER " + bare(cluster);
    }

    private static String bare(String name) {
        boolean simple = name.matches("[A-Za-z_][A-Za-z0-9_]*")
                && !SqlTokenizer.KEYWORDS.contains(name.toUpperCase(java.util.Locale.ROOT));
        return simple ? name : SqlQuoting.identifier(name);
    }
}
