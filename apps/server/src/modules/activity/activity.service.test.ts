import { describe, expect, it } from "vitest";
import { neutraliseFormula } from "./activity.service";

describe("CSV cells", () => {
  it("neutralises text a spreadsheet would run as a formula, and leaves amounts alone", () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(neutraliseFormula("+1+2")).toBe("'+1+2");
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutraliseFormula("-2+3")).toBe("'-2+3");
    expect(neutraliseFormula("\tcmd")).toBe("'\tcmd");
    expect(neutraliseFormula("-100")).toBe("-100");
    expect(neutraliseFormula("-12.500000")).toBe("-12.500000");
    expect(neutraliseFormula("alice")).toBe("alice");
  });
});
