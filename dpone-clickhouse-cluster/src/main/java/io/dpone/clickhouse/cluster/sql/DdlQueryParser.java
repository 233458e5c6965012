package io.dpone.clickhouse.cluster.sql;

import io.dpone.clickhouse.cluster.sql.DdlParseResult.Unparseable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Parses the {@code query} column of a distributed-DDL queue entry back into {@link ParsedDdl}.
 * It accepts ClickHouse's formatter output (identifiers quoted only when needed) and this
 * module's renderer output (always quoted). Tables must be database-qualified and share one
 * database. Anything else, including trailing tokens, is {@link Unparseable}. Never throws.
 *
 * <p>The normalised query is the token sequence re-spelled canonically (keywords upper-case,
 * identifiers back-quoted, strings single-quoted) joined by single spaces, so quoting and
 * whitespace differences do not change the digest while any semantic change does.
 */
public final class DdlQueryParser {
    public static final int MAX_QUERY_LENGTH = 1 << 20;

    private DdlQueryParser() {}

    public static DdlParseResult parse(String query) {
        if (query == null || query.isBlank() || query.length() > MAX_QUERY_LENGTH) {
            return new Unparseable("query is empty or too long");
        }
        Optional<List<SqlToken>> tokens = SqlTokenizer.tokenize(query);
        if (tokens.isEmpty()) {
            return new Unparseable("query does not tokenize");
        }
        String digest = digest(tokens.get());
        return new DdlGrammar(tokens.get()).parse(digest);
    }

    /** SHA-256 hex of the normalised query, or empty if it does not tokenize. */
    public static Optional<String> normalizedDigest(String query) {
        if (query == null || query.length() > MAX_QUERY_LENGTH) {
            return Optional.empty();
        }
        return SqlTokenizer.tokenize(query).map(DdlQueryParser::digest);
    }

    static String digest(List<SqlToken> tokens) {
        String normalized = tokens.stream().map(SqlToken::canonical).collect(Collectors.joining(" "));
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(normalized.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-256 is mandatory in every JDK", impossible);
        }
    }
}
