package io.dpone.clickhouse.external.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The long fast path for Decimal(P <= 18) accepts and refuses exactly what the BigDecimal rules do (pure, offline). */
class DecimalFastPathFuzzTest {
    @Provide
    Arbitrary<String> numbers() {
        return Arbitraries.of("0", "1", "5", "9", "9", "0", ".", "-", "+", "x")
                .list()
                .ofMaxSize(20)
                .map(parts -> String.join("", parts));
    }

    @Property
    void fastPathAgreesWithTheBigDecimalRules(
            @ForAll("numbers") String cell,
            @ForAll @IntRange(min = 1, max = 18) int precision,
            @ForAll @IntRange(min = 0, max = 18) int scaleSeed) {
        int scale = scaleSeed % (precision + 1);
        ColumnType.DecimalType type = new ColumnType.DecimalType(precision, scale);
        assertEquals(reference(cell, precision, scale), actual(type, cell), cell + " as " + type.canonicalName());
    }

    private static Object actual(ColumnType type, String cell) {
        try {
            return CellParser.parse(type, cell);
        } catch (CellParser.InvalidCell e) {
            return "invalid";
        }
    }

    private static Object reference(String cell, int precision, int scale) {
        if (!cell.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)")) {
            return "invalid";
        }
        try {
            BigDecimal value = new BigDecimal(cell).setScale(scale);
            return value.precision() > precision ? "invalid" : value;
        } catch (ArithmeticException e) {
            return "invalid";
        }
    }
}
