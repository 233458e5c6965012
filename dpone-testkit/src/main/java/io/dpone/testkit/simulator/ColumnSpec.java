package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.SqlQuoting;

/**
 * One column as {@code system.columns} shows it: name, type, default kind ({@code ""} or
 * {@code DEFAULT}, {@code MATERIALIZED}, {@code ALIAS}), default expression as the server prints it
 * (a string default is {@code 'x'}, quotes included) and codec ({@code ""} for none).
 */
public record ColumnSpec(String name, String type, String defaultKind, String defaultExpression, String codec) {
    public ColumnSpec {
        SqlQuoting.requireValidIdentifier(name);
        requireNonNull(type, "type is null");
        requireNonNull(defaultKind, "defaultKind is null");
        requireNonNull(defaultExpression, "defaultExpression is null");
        requireNonNull(codec, "codec is null");
        if (type.isBlank()) {
            throw new IllegalArgumentException("type is blank");
        }
        if (defaultKind.isEmpty() != defaultExpression.isEmpty()) {
            throw new IllegalArgumentException("a default kind comes with a default expression");
        }
    }

    /** A column without default or codec. */
    public static ColumnSpec of(String name, String type) {
        return new ColumnSpec(name, type, "", "", "");
    }

    /** A column with {@code DEFAULT expression}. */
    public static ColumnSpec withDefault(String name, String type, String expression) {
        return new ColumnSpec(name, type, "DEFAULT", expression, "");
    }

    /** The column declaration of a {@code CREATE TABLE} for a real server. */
    public String declaration() {
        return SqlQuoting.identifier(name) + " " + type
                + (defaultKind.isEmpty() ? "" : " " + defaultKind + " " + defaultExpression)
                + (codec.isEmpty() ? "" : " " + codec);
    }
}
