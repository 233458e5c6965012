package io.dpone.clickhouse.cluster.sql;

import io.dpone.clickhouse.cluster.sql.DdlParseResult.Parsed;
import io.dpone.clickhouse.cluster.sql.DdlParseResult.Unparseable;
import java.util.List;
import java.util.Optional;

/** Recursive-descent recogniser for the four publication DDL shapes. Single use, not thread-safe. */
final class DdlGrammar {
    private final List<SqlToken> tokens;
    private int at;

    DdlGrammar(List<SqlToken> tokens) {
        this.tokens = tokens;
    }

    /** A failed expectation; caught at the top so the parser never throws to callers. */
    private static final class Mismatch extends Exception {
        Mismatch(String reason) {
            super(reason, null, false, false);
        }
    }

    private record Name(String database, String table) {}

    DdlParseResult parse(String digest) {
        try {
            return new Parsed(statement(digest));
        } catch (Mismatch mismatch) {
            return new Unparseable(mismatch.getMessage());
        }
    }

    private ParsedDdl statement(String digest) throws Mismatch {
        if (accept("EXCHANGE")) {
            expect("TABLES");
            Name target = name();
            expect("AND");
            Name candidate = name();
            String cluster = onCluster();
            end();
            return build(DdlStatementType.EXCHANGE_TABLES, cluster, target, candidate, digest);
        }
        if (accept("RENAME")) {
            expect("TABLE");
            Name candidate = name();
            expect("TO");
            Name target = name();
            String cluster = onCluster();
            end();
            return build(DdlStatementType.RENAME_TABLE, cluster, target, candidate, digest);
        }
        if (accept("DROP")) {
            expect("TABLE");
            expect("IF");
            expect("EXISTS");
            Name dropped = name();
            String cluster = onCluster();
            end();
            return new ParsedDdl(
                    DdlStatementType.DROP_TABLE_IF_EXISTS,
                    cluster,
                    dropped.database(),
                    Optional.empty(),
                    Optional.of(dropped.table()),
                    digest);
        }
        if (accept("CREATE")) {
            expect("TABLE");
            if (accept("IF")) {
                expect("NOT");
                expect("EXISTS");
            }
            Name created = name();
            skipUuid();
            String cluster = onCluster();
            if (at >= tokens.size()) {
                throw new Mismatch("CREATE TABLE has no definition");
            }
            return new ParsedDdl(
                    DdlStatementType.CREATE_TABLE,
                    cluster,
                    created.database(),
                    Optional.of(created.table()),
                    Optional.empty(),
                    digest);
        }
        throw new Mismatch("not a publication DDL statement");
    }

    /** The initiator stores {@code UUID 'x'} after the name of an Atomic CREATE; the UUID is per entry, not per statement. */
    private void skipUuid() throws Mismatch {
        if (accept("UUID")) {
            if (at >= tokens.size() || tokens.get(at).type() != SqlToken.Type.STRING) {
                throw new Mismatch("UUID literal expected");
            }
            at++;
        }
    }

    private ParsedDdl build(DdlStatementType type, String cluster, Name target, Name candidate, String digest)
            throws Mismatch {
        if (!target.database().equals(candidate.database())) {
            throw new Mismatch("tables are in different databases");
        }
        return new ParsedDdl(
                type, cluster, target.database(), Optional.of(target.table()), Optional.of(candidate.table()), digest);
    }

    private Name name() throws Mismatch {
        String database = identifier();
        if (at >= tokens.size()
                || !tokens.get(at).text().equals(".")
                || tokens.get(at).type() != SqlToken.Type.SYMBOL) {
            throw new Mismatch("table name is not database-qualified");
        }
        at++;
        return new Name(database, identifier());
    }

    private String onCluster() throws Mismatch {
        expect("ON");
        expect("CLUSTER");
        if (at < tokens.size() && tokens.get(at).type() == SqlToken.Type.STRING) {
            return tokens.get(at++).text();
        }
        return identifier();
    }

    private String identifier() throws Mismatch {
        // Position decides: a bare keyword-like word here is a name (the formatter may leave it bare).
        if (at >= tokens.size()
                || tokens.get(at).text().isEmpty()
                || (tokens.get(at).type() != SqlToken.Type.WORD
                        && tokens.get(at).type() != SqlToken.Type.QUOTED_IDENTIFIER)) {
            throw new Mismatch("identifier expected");
        }
        return tokens.get(at++).text();
    }

    private boolean accept(String keyword) {
        if (at < tokens.size() && tokens.get(at).isKeyword(keyword)) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(String keyword) throws Mismatch {
        if (!accept(keyword)) {
            throw new Mismatch("keyword " + keyword + " expected");
        }
    }

    private void end() throws Mismatch {
        if (at != tokens.size()) {
            throw new Mismatch("unexpected trailing tokens");
        }
    }
}
